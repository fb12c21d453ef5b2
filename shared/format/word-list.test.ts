import { describe, expect, it } from 'vitest';
import { joinWithAnd } from './word-list';

describe('joinWithAnd', () => {
  it('lists words as a sentence does', () => {
    expect(joinWithAnd([])).toBe('');
    expect(joinWithAnd(['Ann'])).toBe('Ann');
    expect(joinWithAnd(['Ann', 'Bo'])).toBe('Ann and Bo');
    expect(joinWithAnd(['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo and Cy');
    expect(joinWithAnd([1, 2, 3])).toBe('1, 2 and 3');
  });
});
