import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lookalikeIds, nameSkeleton } from './name-skeleton';

describe('nameSkeleton', () => {
  it('reads lookalike letters, accents, invisible characters, full-width forms, case and spaces as one', () => {
    const sam = nameSkeleton('Sam Lee');
    for (const lookalike of [
      'Ѕam Lее', // Cyrillic Ѕ and е
      'Sam  Lee ',
      'SAM LEE',
      'Sa\u200bm Le\u200de', // zero-width space and joiner
      'Ｓａｍ Ｌｅｅ', // full-width
      'Sám Lée',
      'Ⓢam Lee',
    ]) {
      expect(nameSkeleton(lookalike), lookalike).toBe(sam);
    }
    expect(nameSkeleton('Sam Li')).not.toBe(sam);
    expect(nameSkeleton('王伟')).toBe('王伟');
  });

  it('is its own skeleton: folding a skeleton again changes nothing (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const skeleton = nameSkeleton(name);
        expect(nameSkeleton(skeleton)).toBe(skeleton);
      }),
    );
  });
});

describe('lookalikeIds', () => {
  it('names every person whose name looks like another one’s, and nobody else', () => {
    const ids = lookalikeIds([
      { id: '1', name: 'Sam Lee' },
      { id: '2', name: 'Ѕam Lee' },
      { id: '3', name: 'Ann Ray' },
      { id: '4', name: 'Bo' },
      { id: '5', name: 'BO' },
    ]);
    expect([...ids].sort()).toEqual(['1', '2', '4', '5']);
    expect(lookalikeIds([{ id: '1', name: 'Sam Lee' }]).size).toBe(0);
  });
});
