import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTaskFieldValue } from './task-fields';
import { syncedTaskSchema, taskSchema } from './task-read';
import { TASK_FIELD_NAMES } from './task-types';

/**
 * Issue 34: a task's values are checked by their field. Whatever a push writes in one field, a
 * synced task is never hidden for it, and a value the push takes is one every reader shows.
 */
const FIELDS = [...TASK_FIELD_NAMES, 'ck_a1', 'newerField'];
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>('High', 'Low', '50', 100, 101, '<b>high</b>', true, {
    text: 'a',
    done: false,
    pos: 1,
  }),
);
const BASE = { id: 'u1', uid: 'u1', title: 'Plan', description: 'Notes', priority: 'Low', progress: 20 };

describe('task field values (property)', () => {
  it('a synced task with any value in one field is read, keeping its other fields', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), anyValue, (field, value) => {
        const read = syncedTaskSchema.safeParse({ ...BASE, [field]: value });
        expect(read.success).toBe(true);
        for (const [other, kept] of Object.entries(BASE)) {
          if (other !== field && other !== 'progress') expect(read.data![other]).toBe(kept);
        }
      }),
    );
  });

  it('a value the push takes never hides the task, and the reader keeps it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), anyValue, (field, value) => {
        if (checkTaskFieldValue(field, value) !== null) return;
        const read = taskSchema.safeParse({ ...BASE, [field]: value === null ? undefined : value });
        expect(read.success).toBe(true);
        if (value !== null && !['column', 'rank', 'assigneeId', 'progress', 'status'].includes(field)) {
          expect(read.data![field]).toEqual(value);
        }
      }),
    );
  });
});
