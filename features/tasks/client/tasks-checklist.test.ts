// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { checklistOf } from '@/features/tasks/model/checklist';
import type { Task } from '@/features/tasks/model/task-types';
import { StorageQuotaError } from '@/shared/browser-storage/local-store';
import { storageProblemsStore } from '@/shared/browser-storage/storage-problems';
import {
  addChecklistItem,
  deleteChecklistItem,
  moveChecklistItem,
  renameChecklistItem,
  setProgressFollowsChecklist,
  toggleChecklistItem,
} from './checklist-commands';
import { setTasksWriteHook, tasksStore } from './tasks';

const FIXED_NOW_MS = 1_700_000_000_000;
const STAMP = new Date(FIXED_NOW_MS).toISOString();

const TASK = {
  id: 't1',
  title: 'Plan',
  description: 'Steps',
  priority: 'High',
  deadline: '2026-03-10',
  progress: 0,
  assignedTo: 'Asha',
};

function stored(): Array<Record<string, unknown>> {
  return JSON.parse(localStorage.getItem('tasks') ?? 'null') as Array<Record<string, unknown>>;
}

function seed(tasks: object[]): void {
  localStorage.setItem('tasks', JSON.stringify(tasks));
}

/** The stored task's items, texts and done marks, in order. */
function items(): string[] {
  return checklistOf(stored()[0]!).map((item) => `${item.done ? '[x]' : '[ ]'} ${item.text}`);
}

function idOf(text: string): string {
  return checklistOf(stored()[0]!).find((item) => item.text === text)!.id;
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(Date, 'now').mockReturnValue(FIXED_NOW_MS);
});

afterEach(() => {
  storageProblemsStore.dismiss('tasks');
  vi.restoreAllMocks();
});

describe('checklist commands', () => {
  it('add, rename, tick, move and delete through one write each, stamping updatedAt', () => {
    seed([TASK, { ...TASK, id: 't2' }]);
    expect(addChecklistItem('t1', ' Buy milk ')).toEqual({ ok: true, written: true });
    expect(addChecklistItem('t1', 'Call Bo')).toEqual({ ok: true, written: true });
    expect(items()).toEqual(['[ ] Buy milk', '[ ] Call Bo']);
    expect(stored()[0]!.updatedAt).toBe(STAMP);
    expect(stored()[1]).toEqual({ ...TASK, id: 't2' });

    expect(renameChecklistItem('t1', idOf('Call Bo'), 'Call Bo today')).toEqual({ ok: true, written: true });
    expect(toggleChecklistItem('t1', idOf('Buy milk'), true)).toEqual({ ok: true, written: true });
    expect(moveChecklistItem('t1', idOf('Call Bo today'), 0)).toEqual({ ok: true, written: true });
    expect(items()).toEqual(['[ ] Call Bo today', '[x] Buy milk']);

    expect(deleteChecklistItem('t1', idOf('Buy milk'))).toEqual({ ok: true, written: true });
    expect(items()).toEqual(['[ ] Call Bo today']);
    expect(Object.keys(stored()[0]!).filter((field) => field.startsWith('ck_'))).toHaveLength(1);
  });

  it('refuses with the message and writes nothing', () => {
    seed([TASK]);
    const listener = vi.fn();
    const unsubscribe = tasksStore.subscribe(listener);
    try {
      expect(addChecklistItem('t1', '   ')).toEqual({ ok: false, message: 'Item text is required.' });
      expect(addChecklistItem('t1', 'x'.repeat(201))).toEqual({
        ok: false,
        message: 'An item must be at most 200 characters.',
      });
      expect(toggleChecklistItem('t1', 'gone', true)).toEqual({
        ok: false,
        message: 'This item was deleted.',
      });
      expect(listener).not.toHaveBeenCalled();
      expect(stored()).toEqual([TASK]);
    } finally {
      unsubscribe();
    }
  });

  it('writes nothing for an unknown task or a change that changes nothing', () => {
    seed([TASK]);
    addChecklistItem('t1', 'A');
    const before = localStorage.getItem('tasks');
    expect(addChecklistItem('missing', 'A')).toEqual({ ok: true, written: false });
    expect(toggleChecklistItem('t1', idOf('A'), false)).toEqual({ ok: true, written: false });
    expect(renameChecklistItem('t1', idOf('A'), ' A ')).toEqual({ ok: true, written: false });
    expect(moveChecklistItem('t1', idOf('A'), 0)).toEqual({ ok: true, written: false });
    expect(setProgressFollowsChecklist('t1', false)).toEqual({ ok: true, written: false });
    expect(localStorage.getItem('tasks')).toBe(before);
  });

  it('with the switch on, ticking moves the task through the columns (progress and no column)', () => {
    seed([{ ...TASK, column: 'Completed' }]);
    for (const text of ['a', 'b', 'c', 'd', 'e']) addChecklistItem('t1', text);
    expect(stored()[0]).toMatchObject({ progress: 0, column: 'Completed' });
    expect(setProgressFollowsChecklist('t1', true)).toEqual({ ok: true, written: true });
    expect(stored()[0]).toMatchObject({ progress: 0, checklistProgress: true });
    expect(stored()[0]).not.toHaveProperty('column');
    const progress: unknown[] = [];
    for (const text of ['a', 'b', 'c', 'd', 'e']) {
      toggleChecklistItem('t1', idOf(text), true);
      progress.push(stored()[0]!.progress);
    }
    expect(progress).toEqual([20, 40, 60, 80, 100]);
    expect(tasksStore.read()[0]!.progress).toBe(100);
    expect(setProgressFollowsChecklist('t1', false)).toEqual({ ok: true, written: true });
    expect(stored()[0]).not.toHaveProperty('checklistProgress');
  });

  it('goes through the write hook as a local edit (team sync sends it)', () => {
    seed([TASK]);
    const hook = vi.fn((_prev: readonly Task[], next: Task[]) => ({ tasks: next }));
    const remove = setTasksWriteHook(hook);
    try {
      addChecklistItem('t1', 'Hooked');
    } finally {
      remove();
    }
    expect(hook).toHaveBeenCalledTimes(1);
    expect(checklistOf(hook.mock.calls[0]![1][0]!)).toMatchObject([{ text: 'Hooked', done: false }]);
  });

  it('throws StorageQuotaError and leaves the list as it was when storage is full', () => {
    seed([TASK]);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    expect(() => addChecklistItem('t1', 'A')).toThrow(StorageQuotaError);
    expect(stored()).toEqual([TASK]);
  });
});
