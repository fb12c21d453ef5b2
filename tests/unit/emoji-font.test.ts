/**
 * The emoji font subset (docs/decisions/0040-emoji-font-subset.md) holds every emoji the interface
 * shows: a new emoji in the source without `node scripts/emoji-subset.mjs` would render as an empty box
 * on a machine without an emoji font, and fails here instead.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { emojiCodePointsIn, findUiEmoji, toUnicodeRange, UNICODE_RANGE_VALUE } from '@/scripts/ui-emoji.mjs';

const root = path.resolve(import.meta.dirname, '../..');

const FONT_FILE = path.join(root, 'app/fonts/ui-emoji.woff2');

async function readSfnt(file: string): Promise<Buffer> {
  return fontverter.convert(await readFile(file), 'sfnt');
}

/** The code points the font's cmap maps to a glyph. */
async function fontCodePoints(file: string): Promise<number[]> {
  const face = new Face(new Blob(await readSfnt(file)));
  return [...face.collectUnicodes()];
}

/** The font's table tags, from the sfnt table directory. */
async function fontTables(file: string): Promise<string[]> {
  const sfnt = await readSfnt(file);
  const count = sfnt.readUInt16BE(4);
  return Array.from({ length: count }, (_, index) =>
    sfnt.toString('latin1', 12 + 16 * index, 16 + 16 * index),
  );
}

describe('the emoji the interface shows', () => {
  it('are the spec’s emoji texts at least', async () => {
    const used = await findUiEmoji(root);
    // ✅ ❌ 📅 📢 🚨 ⏳ (docs/product.md): found by the scan, so the scan looks where the texts are.
    expect(used).toEqual(expect.arrayContaining([0x2705, 0x274c, 0x1f4c5, 0x1f4e2, 0x1f6a8, 0x23f3]));
  });

  it('are every one in app/fonts/ui-emoji.woff2 (run node scripts/emoji-subset.mjs after adding one)', async () => {
    const used = await findUiEmoji(root);
    const inFont = new Set(await fontCodePoints(FONT_FILE));
    const missing = used.filter((codePoint) => !inFont.has(codePoint));
    expect(missing.map((codePoint) => `U+${codePoint.toString(16).toUpperCase()}`)).toEqual([]);
  });

  it('are drawn in colour: the font keeps its colour glyphs (COLR and CPAL), which Chromium draws', async () => {
    // A subsetter that drops them leaves empty outlines: the emoji would render as nothing.
    expect(await fontTables(FONT_FILE)).toEqual(expect.arrayContaining(['COLR', 'CPAL', 'cmap']));
  });

  it('keeps the font small: only those emoji', async () => {
    const used = await findUiEmoji(root);
    const inFont = await fontCodePoints(FONT_FILE);
    expect(inFont.filter((codePoint) => !used.includes(codePoint))).toEqual([]);
  });
  it('are the font’s unicode-range in app/fonts/ui-emoji.ts, so a page without them never fetches it', async () => {
    const used = await findUiEmoji(root);
    const source = await readFile(path.join(root, 'app/fonts/ui-emoji.ts'), 'utf8');
    expect(UNICODE_RANGE_VALUE.exec(source)?.[2]).toBe(toUnicodeRange(used));
  });
});

describe('emojiCodePointsIn', () => {
  it('finds emoji shown as emoji, and a pictograph with the emoji selector (with the selector)', () => {
    expect([...emojiCodePointsIn('✅ Mark as Completed, ❌ Delete, 🚨 due')]).toEqual([
      0x2705, 0x274c, 0x1f6a8,
    ]);
    expect([...emojiCodePointsIn('⚠️ careful')]).toEqual([0x26a0, 0xfe0f]);
  });

  it('leaves text symbols, digits and arrows alone', () => {
    expect([...emojiCodePointsIn('progress 0 → 60, ↑ ↓ ⌘ ✓ © # * 42')]).toEqual([]);
  });
});
