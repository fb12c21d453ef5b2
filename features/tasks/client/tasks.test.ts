// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { listCorruptKeys } from '@/tests/helpers/stored-items';
import { StorageQuotaError } from '@/shared/browser-storage/local-store';
import { storageProblemsStore } from '@/shared/browser-storage/storage-problems';
import type { Task } from '@/features/tasks/model/task-types';
import {
  addTask,
  inBoardColumn,
  assignTask,
  completeTask,
  deleteTask,
  moveTask,
  restoreTask,
  setTaskField,
  setTaskLabels,
  setTaskProgress,
  updateTask,
} from './task-commands';
import { replaceTasksFromSync, setTasksWriteHook, tasksStore } from './tasks';

const FIXED_NOW_MS = 1_700_000_000_000;
/** What a command stamps on the task it changes (`updatedAt`). */
const CHANGED = { updatedAt: new Date(FIXED_NOW_MS).toISOString() };
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

function storedTasks(): Array<Record<string, unknown>> {
  return JSON.parse(localStorage.getItem('tasks') ?? 'null') as Array<Record<string, unknown>>;
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
    expect(listCorruptKeys('tasks')).toEqual([]);
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
    expect(listCorruptKeys('tasks')).toEqual([]);
  });

  it('keeps a task whose column is unknown, without its column', () => {
    localStorage.setItem('tasks', JSON.stringify([{ ...VALID_TASK, column: 'Archived' }]));

    const [task] = tasksStore.read();

    expect(task?.id).toBe('t1');
    expect(task?.column).toBeUndefined();
    expect(storageProblemsStore.getSnapshot()).toEqual([]);
  });

  it('keeps fields it does not know through a read and write', () => {
    const other = { ...VALID_TASK, id: 't2' };
    localStorage.setItem(
      'tasks',
      JSON.stringify([{ ...VALID_TASK, labels: ['home'], column: 'Completed' }, other]),
    );

    expect(deleteTask('t2')).toBe(true);

    expect(storedTasks()).toEqual([{ ...VALID_TASK, labels: ['home'], column: 'Completed' }]);
  });

  it('has no write of its own: the commands are the one way to change the list', () => {
    expect(Object.keys(tasksStore)).not.toContain('write');
    expect(Object.keys(tasksStore)).not.toContain('update');
  });
});

describe('task commands', () => {
  /** Stores the tasks and returns a listener that counts the writes made after it. */
  function seed(tasks: object[]) {
    localStorage.setItem('tasks', JSON.stringify(tasks));
    const listener = vi.fn();
    unsubscribe = tasksStore.subscribe(listener);
    return listener;
  }

  let unsubscribe: (() => void) | undefined;
  afterEach(() => {
    unsubscribe?.();
    unsubscribe = undefined;
  });

  describe('addTask', () => {
    const INPUT = {
      title: '  New task ',
      description: ' Details ',
      priority: 'Low' as const,
      deadline: '2026-04-01',
    };

    it("appends the task, assigned to the logged-in user's name and email", () => {
      localStorage.setItem('loggedInUser', JSON.stringify({ name: 'Asha' }));
      localStorage.setItem('user', JSON.stringify({ email: 'asha@example.com' }));
      const listener = seed([VALID_TASK]);

      const task = addTask(INPUT);

      const expected = {
        id: String(FIXED_NOW_MS),
        title: 'New task',
        description: 'Details',
        priority: 'Low',
        deadline: '2026-04-01',
        progress: 0,
        assignedTo: 'Asha',
        email: 'asha@example.com',
      };
      expect(task).toEqual(expected);
      expect(storedTasks()).toEqual([VALID_TASK, expected]);
      expect(listener).toHaveBeenCalledTimes(1);
    });

    it('title-only, at the foot of a column: placed there as a drop there would (docs/product.md#capture)', () => {
      seed([VALID_TASK]);
      const todo = addTask(
        { title: 'Call', description: '', deadline: '', titleOnly: true },
        { place: inBoardColumn('To Do') },
      );
      expect(todo).toMatchObject({ title: 'Call', description: '', deadline: '', progress: 0 });
      expect(todo).not.toHaveProperty('column');
      const doing = addTask(
        { title: 'Print', description: '', deadline: '', titleOnly: true },
        { place: inBoardColumn('In Progress') },
      );
      expect(doing).toMatchObject({ progress: 0, column: 'In Progress' });
      expect(storedTasks().map((task) => task.title)).toEqual(['Write tests', 'Call', 'Print']);
      expect(storedTasks()[2]).toMatchObject({ column: 'In Progress' });
      // The spec's form still needs a description.
      expect(addTask({ title: 'Call', description: '', deadline: '' })).toBeNull();
    });

    it("gives 'Unknown User' without a session, and an id no stored task has", () => {
      seed([{ ...VALID_TASK, id: String(FIXED_NOW_MS) }]);

      const task = addTask(INPUT);

      expect(task).toMatchObject({ id: String(FIXED_NOW_MS + 1), assignedTo: 'Unknown User' });
      expect(task).not.toHaveProperty('email');
      expect(storedTasks().map((stored) => stored.id)).toEqual([
        String(FIXED_NOW_MS),
        String(FIXED_NOW_MS + 1),
      ]);
    });

    it('assigns the task to the person the team sync picker chose, by id and name; the author’s email stays the session’s', () => {
      localStorage.setItem('loggedInUser', JSON.stringify({ name: 'Asha' }));
      localStorage.setItem('user', JSON.stringify({ email: 'asha@example.com' }));
      seed([]);

      expect(addTask(INPUT, { assignee: { id: 'u-ravi', name: ' Ravi ' } })).toMatchObject({
        assignedTo: 'Ravi',
        assigneeId: 'u-ravi',
        email: 'asha@example.com',
      });
      // A blank name falls back to the spec's default.
      expect(addTask(INPUT, { assignee: { id: 'u-asha', name: '  ' } })).toMatchObject({
        assignedTo: 'Asha',
        assigneeId: 'u-asha',
      });
      // Without team sync no id is written: the spec's task shape.
      expect(addTask(INPUT)).not.toHaveProperty('assigneeId');
    });

    it('writes nothing and returns null when the title or description is blank', () => {
      const listener = seed([VALID_TASK]);

      expect(addTask({ ...INPUT, title: '   ' })).toBeNull();
      expect(addTask({ ...INPUT, description: '' })).toBeNull();

      expect(listener).not.toHaveBeenCalled();
      expect(storedTasks()).toEqual([VALID_TASK]);
    });

    it('throws StorageQuotaError and leaves the list as it was when storage is full', () => {
      seed([VALID_TASK]);
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      });

      expect(() => addTask(INPUT)).toThrow(StorageQuotaError);
      expect(storedTasks()).toEqual([VALID_TASK]);
    });
  });

  describe('moveTask', () => {
    it('puts the task in the column, its progress unchanged', () => {
      const listener = seed([VALID_TASK]);

      expect(moveTask('t1', 'Completed')).toBe(true);

      expect(storedTasks()).toEqual([{ ...VALID_TASK, column: 'Completed', ...CHANGED }]);
      expect(listener).toHaveBeenCalledTimes(1);
    });

    it('writes nothing when the task is dropped in its own column or is unknown', () => {
      const listener = seed([VALID_TASK]);
      const setItem = vi.spyOn(Storage.prototype, 'setItem');

      expect(moveTask('t1', 'To Do')).toBe(false);
      expect(moveTask('missing', 'Completed')).toBe(false);

      expect(setItem).not.toHaveBeenCalled();
      expect(listener).not.toHaveBeenCalled();
    });

    it('a reorder within the column stores the new rank in one write, stamped like any change', () => {
      const listener = seed([VALID_TASK, { ...VALID_TASK, id: 't2', rank: 'a0' }]);

      expect(moveTask('t1', 'To Do', [{ id: 't1', rank: 'Zz' }])).toBe(true);

      expect(storedTasks()[0]).toEqual({ ...VALID_TASK, rank: 'Zz', ...CHANGED });
      expect(storedTasks()[1]).toEqual({ ...VALID_TASK, id: 't2', rank: 'a0' });
      expect(listener).toHaveBeenCalledTimes(1);
    });
  });

  describe('setTaskProgress', () => {
    it('sets the clamped progress and drops the column a drag set', () => {
      seed([{ ...VALID_TASK, column: 'Completed' }]);

      expect(setTaskProgress('t1', 140)).toBe(true);

      expect(storedTasks()).toEqual([
        { ...VALID_TASK, progress: 100, status: 'Completed', ...CHANGED, completedAt: CHANGED.updatedAt },
      ]);
    });

    it('writes nothing when the progress is already that value', () => {
      const listener = seed([VALID_TASK]);

      expect(setTaskProgress('t1', VALID_TASK.progress)).toBe(false);

      expect(listener).not.toHaveBeenCalled();
    });
  });

  describe('completeTask', () => {
    it("sets status 'Completed' and progress 100", () => {
      seed([VALID_TASK, { ...VALID_TASK, id: 't2' }]);

      expect(completeTask('t1')).toBe(true);

      expect(storedTasks()).toEqual([
        { ...VALID_TASK, status: 'Completed', progress: 100, ...CHANGED, completedAt: CHANGED.updatedAt },
        { ...VALID_TASK, id: 't2' },
      ]);
    });

    it('writes nothing for a task already completed', () => {
      const listener = seed([{ ...VALID_TASK, status: 'Completed', progress: 100 }]);

      expect(completeTask('t1')).toBe(false);

      expect(listener).not.toHaveBeenCalled();
    });
  });

  describe('updateTask', () => {
    it('writes the changed fields through the write hook and keeps the others', () => {
      const listener = seed([VALID_TASK, { ...VALID_TASK, id: 't2' }]);
      const hook = vi.fn((_prev: readonly Task[], next: Task[]) => ({ tasks: next }));
      const remove = setTasksWriteHook(hook);
      try {
        expect(updateTask('t1', { title: ' Renamed ', deadline: '2026-04-01' })).toEqual({
          ok: true,
          written: true,
        });
      } finally {
        remove();
      }
      expect(storedTasks()).toEqual([
        { ...VALID_TASK, title: 'Renamed', deadline: '2026-04-01', ...CHANGED },
        { ...VALID_TASK, id: 't2' },
      ]);
      expect(hook).toHaveBeenCalledTimes(1);
      expect(listener).toHaveBeenCalledTimes(1);
    });

    it('refuses a bad value by field and writes nothing; an unknown id or no change writes nothing', () => {
      const listener = seed([VALID_TASK]);
      expect(updateTask('t1', { description: 'Fine', title: '   ' })).toEqual({
        ok: false,
        field: 'title',
        message: 'Title is required.',
      });
      expect(updateTask('t1', { deadline: '2026-02-30' })).toMatchObject({ ok: false, field: 'deadline' });
      expect(updateTask('missing', { title: 'x' })).toEqual({ ok: true, written: false });
      expect(updateTask('t1', { title: VALID_TASK.title })).toEqual({ ok: true, written: false });
      expect(storedTasks()).toEqual([VALID_TASK]);
      expect(listener).not.toHaveBeenCalled();
    });
  });

  describe('assignTask', () => {
    it('sets assigneeId and assignedTo (trimmed) and keeps every other field', () => {
      const listener = seed([
        { ...VALID_TASK, column: 'Completed', uid: 'u1' },
        { ...VALID_TASK, id: 't2' },
      ]);

      expect(assignTask('t1', { id: 'u-ravi', name: ' Ravi ' })).toBe(true);

      expect(storedTasks()).toEqual([
        {
          ...VALID_TASK,
          column: 'Completed',
          uid: 'u1',
          assignedTo: 'Ravi',
          assigneeId: 'u-ravi',
          ...CHANGED,
        },
        { ...VALID_TASK, id: 't2' },
      ]);
      expect(listener).toHaveBeenCalledTimes(1);
    });

    it('writes nothing for the same person, a blank name or an unknown task id', () => {
      const listener = seed([{ ...VALID_TASK, assigneeId: 'u-asha' }]);

      expect(assignTask('t1', { id: 'u-asha', name: 'Asha' })).toBe(false);
      expect(assignTask('t1', { id: 'u-ravi', name: '   ' })).toBe(false);
      expect(assignTask('missing', { id: 'u-ravi', name: 'Ravi' })).toBe(false);

      expect(listener).not.toHaveBeenCalled();
    });

    it('goes through the write hook, so team sync records it', () => {
      seed([VALID_TASK]);
      const hook = vi.fn((_prev: readonly Task[], next: Task[]) => ({ tasks: next }));
      const remove = setTasksWriteHook(hook);
      try {
        assignTask('t1', { id: 'u-ravi', name: 'Ravi' });
      } finally {
        remove();
      }
      expect(hook).toHaveBeenCalledTimes(1);
      expect(hook.mock.calls[0]![1][0]).toMatchObject({ id: 't1', assignedTo: 'Ravi' });
    });
  });

  describe('deleteTask', () => {
    it('removes the task and keeps the order of the rest', () => {
      seed([VALID_TASK, { ...VALID_TASK, id: 't2' }, { ...VALID_TASK, id: 't3' }]);

      expect(deleteTask('t2')).toBe(true);

      expect(storedTasks().map((task) => task.id)).toEqual(['t1', 't3']);
    });

    it('writes nothing for an unknown id', () => {
      const listener = seed([VALID_TASK]);

      expect(deleteTask('missing')).toBe(false);

      expect(listener).not.toHaveBeenCalled();
    });
  });
});

describe('restoreTask (undo of a delete)', () => {
  const OLD_STAMP = '2025-01-02T03:04:05.000Z';

  it('puts the deleted task back exactly, at its index, without a new updatedAt, through the hook', () => {
    const deleted = {
      ...VALID_TASK,
      id: 't2',
      updatedAt: OLD_STAMP,
      labels: ['l1'],
      ck_a: { text: 'x', done: true, pos: 1 },
    };
    localStorage.setItem('tasks', JSON.stringify([VALID_TASK, deleted, { ...VALID_TASK, id: 't3' }]));
    const before = localStorage.getItem('tasks');
    const removed = tasksStore.read()[1]!;
    expect(deleteTask('t2')).toBe(true);
    const hook = vi.fn((_prev: readonly Task[], next: Task[]) => ({ tasks: next }));
    const remove = setTasksWriteHook(hook);
    try {
      vi.mocked(Date.now).mockReturnValue(FIXED_NOW_MS + 60_000);
      expect(restoreTask(removed, 1)).toBe(true);
    } finally {
      remove();
    }
    expect(hook).toHaveBeenCalledTimes(1);
    expect(hook.mock.calls[0]![1][1]).toBe(removed);
    expect(localStorage.getItem('tasks')).toBe(before);
    expect(storedTasks()[1]).toEqual(deleted);
  });

  it('clamps the index to the list (the list got shorter meanwhile)', () => {
    localStorage.setItem('tasks', JSON.stringify([VALID_TASK, { ...VALID_TASK, id: 't2' }]));
    const removed = tasksStore.read()[1]!;
    deleteTask('t2');
    deleteTask('t1');
    expect(restoreTask(removed, 1)).toBe(true);
    expect(storedTasks().map((task) => task.id)).toEqual(['t2']);
    expect(restoreTask({ ...VALID_TASK, id: 't0' } as Task, -3)).toBe(true);
    expect(storedTasks().map((task) => task.id)).toEqual(['t0', 't2']);
  });

  it('writes nothing when a stored task already has its id or its uid', () => {
    localStorage.setItem('tasks', JSON.stringify([{ ...VALID_TASK, uid: 'u1' }]));
    const before = localStorage.getItem('tasks');
    expect(restoreTask({ ...VALID_TASK } as Task, 0)).toBe(false);
    expect(restoreTask({ ...VALID_TASK, id: 'other', uid: 'u1' } as Task, 0)).toBe(false);
    expect(localStorage.getItem('tasks')).toBe(before);
  });
});

describe('setTaskLabels', () => {
  it('stores the ids in order without repeats, stamps updatedAt, and removes the field when none are left', () => {
    localStorage.setItem('tasks', JSON.stringify([VALID_TASK, { ...VALID_TASK, id: 't2' }]));
    expect(setTaskLabels('t1', ['b', 'a', 'b'])).toBe(true);
    expect(storedTasks()[0]).toEqual({ ...VALID_TASK, labels: ['b', 'a'], ...CHANGED });
    expect(storedTasks()[1]).toEqual({ ...VALID_TASK, id: 't2' });
    expect(setTaskLabels('t1', [])).toBe(true);
    expect(storedTasks()[0]).toEqual({ ...VALID_TASK, ...CHANGED });
  });

  it('writes nothing for an unknown task or the ids it already holds, nor the key for a task without labels', () => {
    localStorage.setItem('tasks', JSON.stringify([{ ...VALID_TASK, labels: ['a'] }]));
    const before = localStorage.getItem('tasks');
    expect(setTaskLabels('nope', ['a'])).toBe(false);
    expect(setTaskLabels('t1', ['a'])).toBe(false);
    expect(localStorage.getItem('tasks')).toBe(before);
    localStorage.setItem('tasks', JSON.stringify([VALID_TASK]));
    expect(setTaskLabels('t1', [])).toBe(false);
    expect(localStorage.getItem('tasks')).toBe(JSON.stringify([VALID_TASK]));
  });

  it('goes through the write hook as a local edit', () => {
    localStorage.setItem('tasks', JSON.stringify([VALID_TASK]));
    const hook = vi.fn((_prev: readonly Task[], next: Task[]) => ({ tasks: next }));
    const remove = setTasksWriteHook(hook);
    try {
      setTaskLabels('t1', ['a']);
    } finally {
      remove();
    }
    expect(hook).toHaveBeenCalledTimes(1);
    expect(hook.mock.calls[0]![1][0]!.labels).toEqual(['a']);
  });
});

describe('setTaskField (team sync’s Restore)', () => {
  it('sets one field of the task with that uid through the hook, as a local edit', () => {
    localStorage.setItem('tasks', JSON.stringify([{ ...VALID_TASK, uid: 'u1', status: 'Open' }]));
    const hook = vi.fn((_prev: readonly Task[], next: Task[]) => ({ tasks: next }));
    const remove = setTasksWriteHook(hook);
    try {
      expect(setTaskField('u1', 'title', 'Old title')).toBe(true);
      expect(hook).toHaveBeenCalledTimes(1);
      expect(setTaskField('u1', 'status', null)).toBe(true);
      expect(storedTasks()[0]).toMatchObject({ title: 'Old title', uid: 'u1' });
      expect(storedTasks()[0]).not.toHaveProperty('status');
    } finally {
      remove();
    }
  });

  it('writes nothing for an unknown uid, the value already there, a value the task cannot hold, or id/uid', () => {
    localStorage.setItem('tasks', JSON.stringify([{ ...VALID_TASK, uid: 'u1' }]));
    const before = localStorage.getItem('tasks');
    expect(setTaskField('nope', 'title', 'X')).toBe(false);
    expect(setTaskField('u1', 'title', VALID_TASK.title)).toBe(false);
    expect(setTaskField('u1', 'priority', 'Urgent')).toBe(false);
    expect(setTaskField('u1', 'progress', 400)).toBe(false);
    expect(setTaskField('u1', 'id', 'x')).toBe(false);
    expect(localStorage.getItem('tasks')).toBe(before);
  });
});

describe('the write hook (team sync)', () => {
  it('sees every local edit before it is stored, stores what it returns, then runs afterWrite', () => {
    localStorage.setItem('tasks', JSON.stringify([VALID_TASK]));
    const seen: Array<[string[], string[]]> = [];
    const storedAtAfterWrite: unknown[][] = [];
    const afterWrite = () => storedAtAfterWrite.push(storedTasks().map((task) => task.uid));
    const remove = setTasksWriteHook((prev, next) => {
      seen.push([prev.map((task) => task.id), next.map((task) => task.id)]);
      return { tasks: next.map((task) => ({ ...task, uid: `u-${task.id}` })), afterWrite };
    });
    try {
      expect(moveTask('t1', 'Completed')).toBe(true);
      expect(seen).toEqual([[['t1'], ['t1']]]);
      expect(storedAtAfterWrite).toEqual([['u-t1']]);

      addTask({ title: 'New', description: 'Task', deadline: '' });
      expect(seen[1]).toEqual([['t1'], ['t1', String(FIXED_NOW_MS)]]);
      expect(storedAtAfterWrite).toEqual([['u-t1'], ['u-t1', `u-${FIXED_NOW_MS}`]]);
    } finally {
      remove();
    }
  });

  it('is not told of the sync write, nor of a command that changes nothing', () => {
    localStorage.setItem('tasks', JSON.stringify([VALID_TASK]));
    const hook = vi.fn((_prev: readonly Task[], next: Task[]) => ({ tasks: next }));
    const remove = setTasksWriteHook(hook);
    try {
      expect(replaceTasksFromSync((tasks) => [...tasks, { ...VALID_TASK, id: 't2' } as Task])).toBe(true);
      expect(deleteTask('missing')).toBe(false);
      expect(hook).not.toHaveBeenCalled();
      expect(storedTasks().map((task) => task.id)).toEqual(['t1', 't2']);
    } finally {
      remove();
    }
  });
});
