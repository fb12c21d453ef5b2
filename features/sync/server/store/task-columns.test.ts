import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '@/features/sync/model/protocol';
import type { SyncedTask } from '@/features/sync/model/merge';
import { isArchived, taskCompletedAtMs } from '@/features/tasks/model/archive';
import { countTasksByColumn } from '@/features/tasks/model/board';
import { getSearchWords, matchesSearch } from '@/features/tasks/model/task-filter';
import { syncedTaskSchema } from '@/features/tasks/model/task-read';
import { deriveTaskColumns } from './task-columns';

const ROW_MS = Date.UTC(2026, 10, 1);

function stored(values: Record<string, Json>, deleted = false): SyncedTask {
  const fields = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, { value, hlc: 'h', seq: 1 }]),
  );
  return { uid: 'u1', fields, life: deleted ? { deleted: true, hlc: 'h', seq: 1 } : null, version: 1 };
}

describe('deriveTaskColumns', () => {
  it('reads a task as the browser does: checklist progress, dragged column, completion time', () => {
    const checklist = stored({
      title: 'Ship',
      description: 'Café',
      progress: 10,
      checklistProgress: true,
      ck_a: { text: 'a', done: true, pos: 0 },
      ck_b: { text: 'b', done: true, pos: 1 },
      completedAt: '2026-10-01T00:00:00.000Z',
    });
    expect(deriveTaskColumns(checklist, ROW_MS)).toEqual({
      progress: 100,
      completedAt: Date.UTC(2026, 9, 1),
      boardColumn: 'Completed',
      searchText: 'ship\ncafe',
      projectId: 'general',
    });
    expect(deriveTaskColumns(stored({ title: 'x', progress: 100, column: 'To Do' }), ROW_MS)).toEqual({
      progress: 100,
      completedAt: ROW_MS,
      boardColumn: 'To Do',
      searchText: 'x\n',
      projectId: 'general',
    });
  });

  it('counts a deleted or unreadable task nowhere, but keeps its search text', () => {
    const none = { progress: null, completedAt: null, boardColumn: null, projectId: 'general' };
    expect(deriveTaskColumns(stored({ title: 'Gone', progress: 100 }, true), ROW_MS)).toEqual({
      ...none,
      searchText: 'gone\n',
    });
    // A progress of the wrong kind reads as 0, as the browser shows it (issue 34): the task counts.
    expect(deriveTaskColumns(stored({ title: 'Bad', progress: 'lots' }), ROW_MS)).toEqual({
      progress: 0,
      completedAt: null,
      boardColumn: 'To Do',
      searchText: 'bad\n',
      projectId: 'general',
    });
    expect(deriveTaskColumns(stored({ progress: 5 }), ROW_MS)).toEqual({ ...none, searchText: '\n' });
  });

  it('agrees with the browser’s rules for any task', () => {
    const value = fc.oneof(
      fc.constantFrom<Json>(0, 40, 41, 80, 81, 99, 100, '100', '7', 101, -1, null, 'x'),
      fc.integer({ min: 0, max: 100 }),
    );
    const time = fc.constantFrom<Json>('2026-01-01T00:00:00.000Z', 'soon', 5, '2025-06-30T12:00:00Z');
    fc.assert(
      fc.property(
        fc.record(
          {
            title: fc.string({ maxLength: 6 }),
            description: fc.string({ maxLength: 6 }),
            progress: value,
            column: fc.constantFrom<Json>('To Do', 'In Progress', 'Completed', 'Done'),
            completedAt: time,
            updatedAt: time,
          },
          { requiredKeys: ['title'] },
        ),
        fc.string({ maxLength: 4 }),
        (values, q) => {
          const derived = deriveTaskColumns(stored(values), ROW_MS);
          const read = syncedTaskSchema.safeParse({ ...values, id: 'u1', uid: 'u1' });
          if (!read.success) {
            expect(derived.boardColumn).toBeNull();
            return;
          }
          const [counted] = countTasksByColumn([read.data]).filter((entry) => entry.count === 1);
          expect(derived.boardColumn).toBe(counted!.column);
          expect(derived.progress).toBe(read.data.progress);
          expect(derived.completedAt).toBe(taskCompletedAtMs(read.data, ROW_MS));
          expect(derived.completedAt !== null && derived.completedAt < ROW_MS).toBe(
            isArchived(read.data, ROW_MS, ROW_MS),
          );
          const words = getSearchWords(q);
          expect(words.every((word) => derived.searchText.includes(word))).toBe(
            matchesSearch(read.data, words),
          );
        },
      ),
    );
  });
});
