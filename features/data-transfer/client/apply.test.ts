// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageQuotaError } from '@/shared/browser-storage/local-store';
import { setTasksWriteHook, tasksStore } from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import { readCurrentData, undoImport, writeImport } from './apply';

const TASK: Task = {
  id: '1',
  title: 'Write',
  description: 'Docs',
  priority: 'High',
  deadline: '2026-11-30',
  progress: 10,
  assignedTo: 'Ada',
};
const NEW_TASK: Task = { ...TASK, id: '2', title: 'New' };
const EVENT = { title: 'Launch', start: '2026-12-01', type: 'event' as const };

function storedKeys(): Record<string, string | null> {
  return Object.fromEntries(
    ['tasks', 'calendarEvents', 'notes', 'userProfile'].map((key) => [key, localStorage.getItem(key)]),
  );
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('writeImport and undoImport', () => {
  it('writes every key through the stores, telling their subscribers, and undo restores each exactly', () => {
    localStorage.setItem('tasks', JSON.stringify([TASK]));
    localStorage.setItem('notes', JSON.stringify('mine'));
    const before = storedKeys();
    const heard = vi.fn();
    const unsubscribe = tasksStore.subscribe(heard);

    const snapshot = writeImport({
      tasks: [TASK, NEW_TASK],
      calendarEvents: [EVENT],
      notes: 'theirs',
      userProfile: { name: 'Grace' },
    });

    expect(readCurrentData()).toEqual({
      tasks: [TASK, NEW_TASK],
      notes: 'theirs',
      calendarEvents: [EVENT],
      userProfile: { name: 'Grace' },
    });
    expect(heard).toHaveBeenCalled();

    undoImport(snapshot);
    // Keys that were not stored are removed again, the others hold their old values.
    expect(storedKeys()).toEqual(before);
    expect(before.calendarEvents).toBeNull();
    unsubscribe();
  });

  it('removes a task list that was not stored before, after telling team sync that the tasks went', () => {
    const hook = vi.fn((_prev: readonly Task[], next: Task[]) => ({ tasks: next }));
    const remove = setTasksWriteHook(hook);
    const snapshot = writeImport({ tasks: [NEW_TASK] });
    expect(hook).toHaveBeenLastCalledWith([], [NEW_TASK]);

    undoImport(snapshot);
    expect(hook).toHaveBeenLastCalledWith([NEW_TASK], []);
    expect(localStorage.getItem('tasks')).toBeNull();
    remove();
  });

  it('changes nothing when the browser refuses a write: the keys already written are put back', () => {
    localStorage.setItem('tasks', JSON.stringify([TASK]));
    const before = storedKeys();
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (key === 'notes') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });

    expect(() => writeImport({ tasks: [TASK, NEW_TASK], calendarEvents: [EVENT], notes: 'theirs' })).toThrow(
      StorageQuotaError,
    );
    expect(storedKeys()).toEqual(before);
    expect(tasksStore.read()).toEqual([TASK]);
  });
});
