import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROJECT_KEY_PATTERN,
  PROJECT_KEY_MESSAGES,
  TASK_NUMBER_MAX,
  checkProjectKey,
  formatTaskKey,
  parseTaskKey,
  suggestProjectKey,
} from './project-key';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** A valid project key: 2 to 10 letters A–Z. */
const validKey = fc
  .array(fc.constantFrom(...LETTERS), { minLength: 2, maxLength: 10 })
  .map((letters) => letters.join(''));

/** A task number, its edges drawn often. */
const taskNumber = fc.oneof(
  fc.integer({ min: 1, max: TASK_NUMBER_MAX }),
  fc.constantFrom(1, 9, 10, 99_999_999, 100_000_000, TASK_NUMBER_MAX),
);

/** Text that looks like a key as typed: letters of both cases, spaces, some digits, accents and signs. */
const typedKey = fc
  .array(fc.constantFrom('a', 'b', 'Z', 'o', 'P', 's', ' ', '\t', '1', '-', 'é', 'Ö', '_'), { maxLength: 14 })
  .map((chars) => chars.join(''));

/** A name as typed: words of letters (some accented), digits and signs. */
const projectName = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc
    .array(
      fc.constantFrom(
        'a',
        'B',
        'é',
        'Ü',
        'ñ',
        'ß',
        'ø',
        '1',
        '-',
        '&',
        ' ',
        '  ',
        '\t',
        'Ж',
        '中',
        '😀',
        'x',
        'Q',
      ),
      { maxLength: 30 },
    )
    .map((chars) => chars.join('')),
);

describe('task keys (property)', () => {
  it('parses every key it formats back to the same project key and number', () => {
    fc.assert(
      fc.property(validKey, taskNumber, (key, number) => {
        expect(parseTaskKey(formatTaskKey(key, number))).toEqual({ projectKey: key, number });
      }),
    );
  });

  it('parses the lower-cased, padded key the same way', () => {
    fc.assert(
      fc.property(validKey, taskNumber, fc.constantFrom('', ' ', '\t', '  \n'), (key, number, pad) => {
        expect(parseTaskKey(`${pad}${formatTaskKey(key, number).toLowerCase()}${pad}`)).toEqual({
          projectKey: key,
          number,
        });
      }),
    );
  });

  it('refuses a number with a leading zero or beyond the largest', () => {
    fc.assert(
      fc.property(validKey, taskNumber, (key, number) => {
        expect(parseTaskKey(`${key}-0${number}`)).toBeNull();
        expect(parseTaskKey(`${key}-${number + TASK_NUMBER_MAX}`)).toBeNull();
      }),
    );
  });

  it('whatever it parses is a valid key and a number from 1 to the largest', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (text) => {
        const parsed = parseTaskKey(text);
        if (parsed === null) return;
        expect(parsed.projectKey).toMatch(PROJECT_KEY_PATTERN);
        expect(Number.isInteger(parsed.number)).toBe(true);
        expect(parsed.number).toBeGreaterThanOrEqual(1);
        expect(parsed.number).toBeLessThanOrEqual(TASK_NUMBER_MAX);
      }),
    );
  });
});

describe('checkProjectKey (property)', () => {
  it('accepts every valid key, in any case and with surrounding spaces, as itself', () => {
    fc.assert(
      fc.property(validKey, fc.boolean(), fc.constantFrom('', ' ', '\t', ' \n '), (key, lower, pad) => {
        expect(checkProjectKey(`${pad}${lower ? key.toLowerCase() : key}${pad}`, [])).toEqual({ key });
      }),
    );
  });

  it('when it accepts, the key matches the pattern', () => {
    fc.assert(
      fc.property(fc.oneof(typedKey, fc.string({ maxLength: 14 })), (raw) => {
        const result = checkProjectKey(raw, []);
        if ('key' in result) expect(result.key).toMatch(PROJECT_KEY_PATTERN);
      }),
    );
  });

  it('is idempotent on its own output', () => {
    fc.assert(
      fc.property(fc.oneof(typedKey, fc.string({ maxLength: 14 })), (raw) => {
        const result = checkProjectKey(raw, []);
        if ('key' in result) expect(checkProjectKey(result.key, [])).toEqual(result);
      }),
    );
  });

  it('refuses a taken key in any case, and only a taken one', () => {
    fc.assert(
      fc.property(validKey, fc.array(validKey, { maxLength: 5 }), fc.boolean(), (key, others, lower) => {
        const free = others.filter((other) => other !== key);
        expect(checkProjectKey(key, free)).toEqual({ key });
        const taken = [...free, lower ? key.toLowerCase() : key];
        expect(checkProjectKey(key.toLowerCase(), taken)).toEqual({
          message: PROJECT_KEY_MESSAGES.taken(key),
        });
      }),
    );
  });
});

describe('suggestProjectKey (property)', () => {
  it('suggests nothing or a key the rules accept', () => {
    fc.assert(
      fc.property(projectName, (name) => {
        const key = suggestProjectKey(name);
        if (key === '') return;
        expect(key).toMatch(/^[A-Z]{2,4}$/);
        expect(checkProjectKey(key, [])).toEqual({ key });
      }),
    );
  });

  it('suggests the initials of words of letters A–Z', () => {
    fc.assert(
      fc.property(
        fc.array(validKey, { minLength: 2, maxLength: 6 }),
        fc.constantFrom(' ', '  ', '\t'),
        (words, gap) => {
          const expected = words
            .map((word) => word[0])
            .join('')
            .slice(0, 4);
          expect(suggestProjectKey(words.map((word) => word.toLowerCase()).join(gap))).toBe(expected);
        },
      ),
    );
  });

  it('suggests the first four letters of one word', () => {
    fc.assert(
      fc.property(validKey, (word) => {
        expect(suggestProjectKey(word.toLowerCase())).toBe(word.slice(0, 4));
      }),
    );
  });
});
