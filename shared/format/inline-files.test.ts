import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlineFileIds, inlineFilesAsText, inlineFileToken, splitInlineFiles } from './inline-files';

const ID = '0b0f6f4e-5a4b-4c1e-9d2a-3f1e2d3c4b5a';
const OTHER = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

describe('inline files', () => {
  it('leaves a reference in markdown image form, with the id in lower case', () => {
    expect(inlineFileToken('screenshot.png', ID.toUpperCase())).toBe(`![screenshot.png](file:${ID})`);
  });

  it('drops brackets and line breaks from the name so the reference stays one piece', () => {
    expect(inlineFileToken('a]b[c\nd.png', ID)).toBe(`![abcd.png](file:${ID})`);
  });

  it('cuts a text into plain pieces and references, in order', () => {
    const text = `Broken here: ${inlineFileToken('one.png', ID)} and ${inlineFileToken('two.png', OTHER)}.`;
    expect(splitInlineFiles(text)).toEqual([
      { text: 'Broken here: ' },
      { file: ID, name: 'one.png' },
      { text: ' and ' },
      { file: OTHER, name: 'two.png' },
      { text: '.' },
    ]);
    expect(inlineFileIds(text)).toEqual([ID, OTHER]);
  });

  it('ignores what only looks like a reference (not a UUID, a web address)', () => {
    const text = '![x](file:123) ![y](https://example.com/y.png)';
    expect(splitInlineFiles(text)).toEqual([{ text }]);
    expect(inlineFileIds(text)).toEqual([]);
  });

  it('reads as plain words where a screen shows the text in a line: each reference as its name', () => {
    expect(inlineFilesAsText(`See ${inlineFileToken('shot.png', ID)} here`)).toBe('See [shot.png] here');
    expect(inlineFilesAsText('No pictures.')).toBe('No pictures.');
  });

  it('names each file once', () => {
    const token = inlineFileToken('a.png', ID);
    expect(inlineFileIds(`${token}${token}`)).toEqual([ID]);
  });

  it('keeps every character of the text: the pieces join back to it', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constant(inlineFileToken('p.png', ID)))), (parts) => {
        const text = parts.join('');
        const joined = splitInlineFiles(text)
          .map((piece) => ('file' in piece ? inlineFileToken(piece.name, piece.file) : piece.text))
          .join('');
        expect(joined).toBe(text);
      }),
    );
  });
});
