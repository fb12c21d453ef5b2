/**
 * The emoji the interface shows (docs/decisions/0040-emoji-font-subset.md): every emoji-presentation
 * character in the app's source (app/, features/, shared/, shell/; tests left out), so the emoji font subset holds
 * exactly those glyphs. Shared by scripts/emoji-subset.mjs (which makes the font) and its unit test
 * (which fails when a new emoji is not in the font yet).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the interface's texts live. */
export const UI_SOURCE_DIRS = ['app', 'features', 'shared', 'shell'];

const SOURCE_FILE = /\.(ts|tsx|mjs|js)$/;
const TEST_FILE = /\.test\.(ts|tsx|mjs|js)$/;

/**
 * Characters drawn as emoji: those shown as emoji by default, and any pictograph followed by the emoji
 * variation selector U+FE0F (which then needs the selector too).
 */
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/gu;

/** The code points of every emoji in `text`, the variation selector included where one is used. */
export function emojiCodePointsIn(text) {
  const found = new Set();
  for (const [match] of text.matchAll(EMOJI)) {
    for (const char of match) {
      // Digits, # and * are Emoji but only emoji in keycap sequences: not wanted here.
      if (/^[0-9#*]$/.test(char)) continue;
      found.add(char.codePointAt(0));
    }
  }
  return found;
}

async function* sourceFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name)) yield full;
  }
}

/** Every emoji code point the interface's source uses, ascending. `root`: the repository. */
export async function findUiEmoji(root) {
  const all = new Set();
  for (const dir of UI_SOURCE_DIRS) {
    for await (const file of sourceFiles(path.join(root, dir))) {
      for (const codePoint of emojiCodePointsIn(await readFile(file, 'utf8'))) all.add(codePoint);
    }
  }
  return [...all].sort((a, b) => a - b);
}

/** A CSS `unicode-range` of exactly these code points: `U+23F3, U+2705`. */
export function toUnicodeRange(codePoints) {
  return codePoints.map((codePoint) => `U+${codePoint.toString(16).toUpperCase()}`).join(', ');
}

/** The `unicode-range` declaration's value in app/fonts/ui-emoji.ts (the script rewrites it). */
export const UNICODE_RANGE_VALUE = /(prop: 'unicode-range', value: ')([^']*)(')/;
