/**
 * Makes app/fonts/ui-emoji.woff2: Noto Color Emoji (the @fontsource/noto-color-emoji package's
 * all-emoji file) cut down to the emoji the interface shows (scripts/ui-emoji.mjs), so the spec's
 * emoji texts render on machines without an emoji font (docs/decisions/0040-emoji-font-subset.md),
 * and writes the same list as the `unicode-range` of app/fonts/ui-emoji.ts.
 * Run it after adding an emoji to the interface: `node scripts/emoji-subset.mjs`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { findUiEmoji, toUnicodeRange, UNICODE_RANGE_VALUE } from './ui-emoji.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
/** The package's one file holding every emoji (its numbered files each hold a unicode-range slice). */
const SOURCE = require.resolve('@fontsource/noto-color-emoji/files/noto-color-emoji-emoji-400-normal.woff2');
const EMOJI_FONT_FILE = path.join(root, 'app/fonts/ui-emoji.woff2');
const EMOJI_FONT_MODULE = path.join(root, 'app/fonts/ui-emoji.ts');

const codePoints = await findUiEmoji(root);
const text = String.fromCodePoint(...codePoints);
const subset = await subsetFont(await readFile(SOURCE), text, {
  targetFormat: 'woff2',
  // Only the glyphs: no name strings beyond the required ones, no layout features (no sequences used).
  keepFeatures: [],
});
await writeFile(EMOJI_FONT_FILE, subset);
const moduleText = await readFile(EMOJI_FONT_MODULE, 'utf8');
const range = toUnicodeRange(codePoints);
if (!UNICODE_RANGE_VALUE.test(moduleText)) throw new Error(`No unicode-range value in ${EMOJI_FONT_MODULE}`);
await writeFile(EMOJI_FONT_MODULE, moduleText.replace(UNICODE_RANGE_VALUE, `$1${range}$3`));
console.log(
  `${path.relative(root, EMOJI_FONT_FILE)}: ${codePoints.length} emoji (${range}), ${subset.length} bytes`,
);
