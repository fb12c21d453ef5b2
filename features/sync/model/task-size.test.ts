import { describe, expect, it } from 'vitest';
import { TASK_FIELD_NAMES } from '@/features/tasks/model/task-types';
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

  it('takes at most 100 present checklist items of at most 1 kB each; deleted items (null) do not count', () => {
    const item = (i: number) => ({ text: `Item ${i}`, done: i % 2 === 0, pos: i });
    const hundred = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`ck_i${i}`, item(i)]));
    expect(checkTaskValues({ title: 'T', ...hundred, ck_gone: null })).toBeNull();
    expect(checkTaskValues({ title: 'T', ...hundred, ck_more: item(100) })).toBe(
      'A task may hold at most 100 checklist items. The change stays in this browser.',
    );
    // 200 characters of three bytes each: well under 1 kB, as every item the app writes is.
    expect(checkTaskValues({ ck_big: { text: '€'.repeat(200), done: true, pos: 1.5 } })).toBeNull();
    const overhead = jsonBytes({ text: '', done: false, pos: 1 });
    expect(checkTaskValues({ ck_x: { text: 'x'.repeat(1024 - overhead), done: false, pos: 1 } })).toBeNull();
    expect(checkTaskValues({ ck_x: { text: 'x'.repeat(1025 - overhead), done: false, pos: 1 } })).toBe(
      'A checklist item may hold at most 1 kB. The change stays in this browser.',
    );
    // Items are known fields: they never count toward the 16 unknown ones.
    expect(
      checkTaskValues({
        ...hundred,
        ...Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`u${i}`, 1])),
      }),
    ).toBeNull();
    expect(TASK_LIMITS.maxChecklistItems).toBe(100);
  });

  it('says what to do and that the change is kept', () => {
    expect(TASK_LIMIT_MESSAGES.tooLarge).toBe(
      'This task is too large to sync (at most 32 kB): shorten its description. The change stays in this browser.',
    );
  });
});
