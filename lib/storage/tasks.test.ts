// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { storageProblemsStore } from './storage-problems';
import { tasksStore } from './tasks';

const FIXED_NOW_MS = 1_700_000_000_000;
const COPY_KEY = `tasks.corrupt.${FIXED_NOW_MS}`;

const VALID_TASK = {
  id: 't1',
  title: 'Write tests',
  description: 'For the board',
  priority: 'High',
  deadline: '2026-03-10',
  progress: 40,
  assignedTo: 'Asha',
};

function listCorruptKeys(): string[] {
  return Object.keys(localStorage).filter((storedKey) => storedKey.startsWith('tasks.corrupt.'));
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(Date, 'now').mockReturnValue(FIXED_NOW_MS);
});

afterEach(() => {
  storageProblemsStore.dismiss('tasks');
  vi.restoreAllMocks();
});

describe('tasksStore', () => {
  it('reads no tasks when the key is missing', () => {
    expect(tasksStore.read()).toEqual([]);
    expect(storageProblemsStore.getSnapshot()).toEqual([]);
  });

  it('reads valid tasks without reporting a problem', () => {
    localStorage.setItem('tasks', JSON.stringify([VALID_TASK]));

    expect(tasksStore.read()).toEqual([VALID_TASK]);
    expect(storageProblemsStore.getSnapshot()).toEqual([]);
    expect(listCorruptKeys()).toEqual([]);
  });

  it("reads 'not json' as no tasks and keeps a copy", () => {
    localStorage.setItem('tasks', 'not json');

    expect(tasksStore.read()).toEqual([]);
    expect(localStorage.getItem(COPY_KEY)).toBe('not json');
    expect(localStorage.getItem('tasks')).toBe('not json');
    expect(storageProblemsStore.getSnapshot()).toEqual([{ key: 'tasks', copyKey: COPY_KEY, kept: 'none' }]);
  });

  it("reads '{}' as no tasks and keeps a copy", () => {
    localStorage.setItem('tasks', '{}');

    expect(tasksStore.read()).toEqual([]);
    expect(localStorage.getItem(COPY_KEY)).toBe('{}');
    expect(storageProblemsStore.getSnapshot()).toEqual([{ key: 'tasks', copyKey: COPY_KEY, kept: 'none' }]);
  });

  it('keeps the valid tasks of a mixed list and copies the original', () => {
    const raw = JSON.stringify([
      VALID_TASK,
      { id: 't2' },
      { ...VALID_TASK, id: 't3', progress: 140 },
      'task',
      { ...VALID_TASK, id: 't4', title: 'Also valid' },
    ]);
    localStorage.setItem('tasks', raw);

    expect(tasksStore.read().map((task) => task.id)).toEqual(['t1', 't4']);
    expect(localStorage.getItem(COPY_KEY)).toBe(raw);
    expect(storageProblemsStore.getSnapshot()).toEqual([{ key: 'tasks', copyKey: COPY_KEY, kept: 'some' }]);
  });

  it('reads legacy tasks with a numeric id and text progress without a problem', () => {
    localStorage.setItem(
      'tasks',
      JSON.stringify([{ id: 1_699_999_999_999, title: 'Old task', description: 'v1', progress: '50' }]),
    );

    expect(tasksStore.read()).toEqual([
      {
        id: '1699999999999',
        title: 'Old task',
        description: 'v1',
        priority: 'Medium',
        deadline: '',
        progress: 50,
        assignedTo: 'Unknown User',
      },
    ]);
    expect(storageProblemsStore.getSnapshot()).toEqual([]);
    expect(listCorruptKeys()).toEqual([]);
  });

  it('keeps a task whose column is unknown, without its column', () => {
    localStorage.setItem('tasks', JSON.stringify([{ ...VALID_TASK, column: 'Archived' }]));

    const [task] = tasksStore.read();

    expect(task?.id).toBe('t1');
    expect(task?.column).toBeUndefined();
    expect(storageProblemsStore.getSnapshot()).toEqual([]);
  });

  it('keeps fields it does not know through a read and write', () => {
    localStorage.setItem('tasks', JSON.stringify([{ ...VALID_TASK, labels: ['home'], column: 'Completed' }]));

    tasksStore.write(tasksStore.read());

    expect(JSON.parse(localStorage.getItem('tasks') ?? 'null')).toEqual([
      { ...VALID_TASK, labels: ['home'], column: 'Completed' },
    ]);
  });
});
