import { describe, expect, it } from 'vitest';
import {
  arrayOf,
  INVALID,
  nullable,
  parser,
  readOptionalString,
  readOptionalStringFields,
  readString,
  stringParser,
} from './parsers';

const evenNumber = parser((value) => (typeof value === 'number' && value % 2 === 0 ? value : INVALID));

describe('parser', () => {
  it('answers like zod: success with data, or failure', () => {
    expect(evenNumber.safeParse(4)).toEqual({ success: true, data: 4 });
    expect(evenNumber.safeParse(3)).toEqual({ success: false });
    expect(evenNumber.parse(2)).toBe(2);
    expect(() => evenNumber.parse('2')).toThrow(TypeError);
  });

  it('accepts falsy values that are valid', () => {
    expect(evenNumber.safeParse(0)).toEqual({ success: true, data: 0 });
    expect(stringParser.safeParse('')).toEqual({ success: true, data: '' });
  });
});

describe('readString / readOptionalString', () => {
  it('takes a string, uses the fallback only for undefined', () => {
    expect(readString('a')).toBe('a');
    expect(readString(undefined, 'x')).toBe('x');
    expect(readString(undefined)).toBe(INVALID);
    expect(readString(null, 'x')).toBe(INVALID);
    expect(readString(5, 'x')).toBe(INVALID);
  });

  it('optional: a string or undefined', () => {
    expect(readOptionalString(undefined)).toBeUndefined();
    expect(readOptionalString('a')).toBe('a');
    expect(readOptionalString(null)).toBe(INVALID);
  });
});

describe('arrayOf', () => {
  const evens = arrayOf(evenNumber);

  it('is marked as an array with its element parser (createLocalStore keeps the valid items)', () => {
    expect(evens.kind).toBe('array');
    expect(evens.element).toBe(evenNumber);
    expect(stringParser.kind).toBe('string');
  });

  it('fails as a whole when one item fails, or when not an array', () => {
    expect(evens.safeParse([2, 4])).toEqual({ success: true, data: [2, 4] });
    expect(evens.safeParse([2, 3]).success).toBe(false);
    expect(evens.safeParse({ 0: 2 }).success).toBe(false);
    expect(evens.safeParse([])).toEqual({ success: true, data: [] });
  });
});

describe('nullable', () => {
  it('takes null or what the inner parser takes', () => {
    const maybeEven = nullable(evenNumber);
    expect(maybeEven.safeParse(null)).toEqual({ success: true, data: null });
    expect(maybeEven.safeParse(2)).toEqual({ success: true, data: 2 });
    expect(maybeEven.safeParse(undefined).success).toBe(false);
  });
});

describe('readOptionalStringFields', () => {
  it('keeps the listed string fields and drops the others', () => {
    expect(readOptionalStringFields({ name: 'A', extra: 1 }, ['name', 'email'])).toEqual({ name: 'A' });
  });

  it('refuses a listed field of another type, and non-objects', () => {
    expect(readOptionalStringFields({ name: 5 }, ['name'])).toBe(INVALID);
    expect(readOptionalStringFields(['name'], ['name'])).toBe(INVALID);
    expect(readOptionalStringFields(null, ['name'])).toBe(INVALID);
  });
});
