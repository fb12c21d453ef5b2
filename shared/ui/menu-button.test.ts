import { describe, expect, it } from 'vitest';
import { nextItemIndex, openingItemFor } from './menu-button';

describe('openingItemFor', () => {
  it('opens on the first item with Enter, Space and ↓, on the last with ↑', () => {
    expect(openingItemFor('Enter')).toBe('first');
    expect(openingItemFor(' ')).toBe('first');
    expect(openingItemFor('ArrowDown')).toBe('first');
    expect(openingItemFor('ArrowUp')).toBe('last');
  });

  it('leaves other keys alone', () => {
    expect(openingItemFor('Escape')).toBeNull();
    expect(openingItemFor('Tab')).toBeNull();
    expect(openingItemFor('a')).toBeNull();
  });
});

describe('nextItemIndex', () => {
  it('moves with the arrows (the caller wraps around), Home and End', () => {
    expect(nextItemIndex('ArrowDown', 1, 3)).toBe(2);
    expect(nextItemIndex('ArrowUp', 0, 3)).toBe(-1);
    expect(nextItemIndex('Home', 2, 3)).toBe(0);
    expect(nextItemIndex('End', 0, 3)).toBe(2);
  });

  it('gives null for keys that do not move focus', () => {
    expect(nextItemIndex('Escape', 0, 3)).toBeNull();
    expect(nextItemIndex('Tab', 0, 3)).toBeNull();
    expect(nextItemIndex('Enter', 0, 3)).toBeNull();
  });
});
