import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLinks, splitLinks } from './links';

describe('splitLinks', () => {
  it('cuts text into plain pieces and http(s) links, leaving sentence punctuation outside', () => {
    expect(splitLinks('See https://example.com/a?b=1. Then http://x.org')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: '. Then ' },
      { text: 'http://x.org', href: 'http://x.org' },
    ]);
    expect(hasLinks('no links here')).toBe(false);
  });

  it('never makes a link of another scheme or of markup', () => {
    const pieces = splitLinks('javascript:alert(1) <a href="https://evil">x</a> data:text/html,hi');
    expect(pieces.filter((piece) => piece.href).map((piece) => piece.href)).toEqual(['https://evil']);
  });

  it('loses no character: the pieces join back into the text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const text = `${before} https://a.example/${after.replace(/\s/g, '')} ${after}`;
        expect(
          splitLinks(text)
            .map((piece) => piece.text)
            .join(''),
        ).toBe(text);
      }),
    );
  });
});
