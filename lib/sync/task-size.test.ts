import { describe, expect, it } from 'vitest';
import { TASK_FIELD_NAMES } from '../tasks/task';
import { checkTaskValues, jsonBytes, TASK_LIMIT_MESSAGES, TASK_LIMITS } from './task-size';

describe('checkTaskValues', () => {
  it('takes a task up to 32 kB of JSON, counted in UTF-8 bytes', () => {
    const overhead = jsonBytes({ description: '' });
    const fits = { description: 'a'.repeat(TASK_LIMITS.maxTaskBytes - overhead) };
    expect(jsonBytes(fits)).toBe(TASK_LIMITS.maxTaskBytes);
    expect(checkTaskValues(fits)).toBeNull();
    expect(checkTaskValues({ description: `${fits.description}a` })).toBe(TASK_LIMIT_MESSAGES.tooLarge);
    // 11,000 characters of three bytes each: 33 kB.
    expect(checkTaskValues({ description: '€'.repeat(11_000) })).toBe(TASK_LIMIT_MESSAGES.tooLarge);
  });

  it('takes every known field and at most 16 unknown ones of at most 1 kB; nulls are absent fields', () => {
    const known = Object.fromEntries(TASK_FIELD_NAMES.map((name) => [name, 'x']));
    const unknown = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`extra${i}`, 'u'.repeat(1000)]));
    expect(checkTaskValues({ ...known, ...unknown, cleared: null })).toBeNull();
    expect(checkTaskValues({ ...unknown, one: 1 })).toBe(TASK_LIMIT_MESSAGES.tooManyUnknown);
    expect(checkTaskValues({ notes: 'n'.repeat(TASK_LIMITS.maxUnknownFieldBytes - 1) })).toBe(
      TASK_LIMIT_MESSAGES.unknownTooLarge,
    );
    expect(checkTaskValues({ notes: 'n'.repeat(TASK_LIMITS.maxUnknownFieldBytes - 2) })).toBeNull();
  });

  it('says what to do and that the change is kept', () => {
    expect(TASK_LIMIT_MESSAGES.tooLarge).toBe(
      'This task is too large to sync (at most 32 kB): shorten its description. The change stays in this browser.',
    );
  });
});
