/**
 * Small hand-written parsers for what the browser keeps in localStorage (`createLocalStore` validates
 * with them, and reads `kind`/`element` to recover legacy strings and partly broken arrays). Their
 * `safeParse` has zod's result shape. Why not zod in the browser: zod (even `zod/mini`) cost every
 * signed-in page about 27 kB of gzipped JavaScript, and parsing 5,000 stored tasks took ~90 ms without
 * its JIT (which our CSP forbids); these take a few milliseconds. The server keeps zod (the schemas in each feature's server/).
 */

export type ParseResult<T> = { success: true; data: T } | { success: false; data?: undefined };

export type Parser<T> = {
  /** 'string' and 'array' tell createLocalStore how to recover legacy or partly broken values. */
  readonly kind?: 'string' | 'array';
  /** The item parser of an array parser. */
  readonly element?: Parser<unknown>;
  safeParse(value: unknown): ParseResult<T>;
  /** Throws `TypeError` when the value is invalid. */
  parse(value: unknown): T;
};

/** What a read function returns for an invalid value. */
export const INVALID: unique symbol = Symbol('invalid');
export type Read<T> = (value: unknown) => T | typeof INVALID;

const FAILURE: ParseResult<never> = { success: false };

/** A parser from a function that returns the parsed value, or INVALID. */
export function parser<T>(read: Read<T>, shape: Pick<Parser<T>, 'kind' | 'element'> = {}): Parser<T> {
  return {
    ...shape,
    safeParse(value) {
      const data = read(value);
      return data === INVALID ? FAILURE : { success: true, data };
    },
    parse(value) {
      const data = read(value);
      if (data === INVALID) throw new TypeError('Invalid value');
      return data;
    },
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string, or `fallback` when the value is undefined (as zod's `.default()`); anything else is INVALID. */
export function readString(value: unknown, fallback?: string): string | typeof INVALID {
  if (typeof value === 'string') return value;
  if (value === undefined && fallback !== undefined) return fallback;
  return INVALID;
}

/** A string or undefined (as zod's `.optional()`); anything else is INVALID. */
export function readOptionalString(value: unknown): string | undefined | typeof INVALID {
  return value === undefined || typeof value === 'string' ? value : INVALID;
}

export const stringParser: Parser<string> = parser((value) => readString(value), { kind: 'string' });

export function arrayOf<T>(element: Parser<T>): Parser<T[]> {
  return parser<T[]>(
    (value) => {
      if (!Array.isArray(value)) return INVALID;
      const items: T[] = [];
      for (const item of value) {
        const result = element.safeParse(item);
        if (!result.success) return INVALID;
        items.push(result.data);
      }
      return items;
    },
    { kind: 'array', element },
  );
}

export function nullable<T>(inner: Parser<T>): Parser<T | null> {
  return parser<T | null>((value) => {
    if (value === null) return null;
    const result = inner.safeParse(value);
    return result.success ? result.data : INVALID;
  });
}

/**
 * An object with only the given optional string fields (unknown fields dropped, as zod's `z.object`);
 * a field that is present but not a string makes the whole value INVALID.
 */
export function readOptionalStringFields<K extends string>(
  value: unknown,
  keys: readonly K[],
): Partial<Record<K, string>> | typeof INVALID {
  if (!isRecord(value)) return INVALID;
  const result: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const field = readOptionalString(value[key]);
    if (field === INVALID) return INVALID;
    if (field !== undefined) result[key] = field;
  }
  return result;
}
