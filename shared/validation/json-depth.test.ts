import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth } from './json-depth';

function nested(levels: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = kind === 'array' ? [value] : { next: value };
  return value;
}

describe('exceedsJsonDepth', () => {
  it('counts levels of objects and arrays; scalars are level 0', () => {
    expect(exceedsJsonDepth('text', 0)).toBe(false);
    expect(exceedsJsonDepth({}, 0)).toBe(true);
    expect(exceedsJsonDepth({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(exceedsJsonDepth({ a: [1, { b: [] }] }, 3)).toBe(true);
    for (const kind of ['array', 'object'] as const) {
      expect(exceedsJsonDepth(nested(32, kind), 32)).toBe(false);
      expect(exceedsJsonDepth(nested(33, kind), 32)).toBe(true);
    }
  });

  it('walks a million levels without overflowing the stack', () => {
    const depth = 1_000_000;
    const value: unknown = JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(exceedsJsonDepth(value, 64)).toBe(true);
  });
});
