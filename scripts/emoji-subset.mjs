/**
 * Makes app/fonts/ui-emoji.woff2: Noto Color Emoji (the @fontsource/noto-color-emoji package's
 * all-emoji file) cut down to the emoji the interface shows (scripts/ui-emoji.mjs), so the spec's
 * emoji texts render on machines without an emoji font (docs/decisions/0040-emoji-font-subset.md),
 * and writes the same list as the `unicode-range` of app/fonts/ui-emoji.ts.
 *
 * The cutting is fontTools' subsetter (`python3 -m fontTools.subset`; Debian: python3-fonttools and
 * python3-brotli, elsewhere `pip install fonttools brotli`): it keeps the colour glyphs (COLRv1 and
 * CPAL). subset-font's HarfBuzz build drops those tables and leaves empty glyphs, which draw nothing.
 * Run it after adding an emoji to the interface: `node scripts/emoji-subset.mjs`.
 */
import { spawnSync } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findUiEmoji, toUnicodeRange, UNICODE_RANGE_VALUE } from './ui-emoji.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
/** The package's one file holding every emoji (its numbered files are `unicode-range` slices without COLR). */
const SOURCE = require.resolve('@fontsource/noto-color-emoji/files/noto-color-emoji-emoji-400-normal.woff2');
const EMOJI_FONT_FILE = path.join(root, 'app/fonts/ui-emoji.woff2');
const EMOJI_FONT_MODULE = path.join(root, 'app/fonts/ui-emoji.ts');

const codePoints = await findUiEmoji(root);
const range = toUnicodeRange(codePoints);
const result = spawnSync(
  'python3',
  [
    '-m',
    'fontTools.subset',
    SOURCE,
    `--unicodes=${codePoints.map((codePoint) => codePoint.toString(16)).join(',')}`,
    '--flavor=woff2',
    `--output-file=${EMOJI_FONT_FILE}`,
    // No sequences are used: no layout features. SVG glyphs: Chromium draws COLR, and they are large.
    '--layout-features=',
    '--drop-tables+=SVG',
  ],
  { stdio: 'inherit' },
);
if (result.status !== 0) {
  console.error(
    'fontTools could not run: install it (Debian: apt install python3-fonttools python3-brotli; ' +
      'elsewhere: pip install fonttools brotli).',
  );
  process.exit(1);
}
const moduleText = await readFile(EMOJI_FONT_MODULE, 'utf8');
if (!UNICODE_RANGE_VALUE.test(moduleText)) throw new Error(`No unicode-range value in ${EMOJI_FONT_MODULE}`);
await writeFile(EMOJI_FONT_MODULE, moduleText.replace(UNICODE_RANGE_VALUE, `$1${range}$3`));
const { size } = await stat(EMOJI_FONT_FILE);
console.log(`${path.relative(root, EMOJI_FONT_FILE)}: ${codePoints.length} emoji (${range}), ${size} bytes`);
