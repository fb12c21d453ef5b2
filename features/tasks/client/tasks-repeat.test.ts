// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastSuccess = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { success: toastSuccess, error: vi.fn() } }));

import { StorageQuotaError } from '@/shared/browser-storage/local-store';
import {
  completeTask,
  nextOccurrenceMessage,
  setTaskProgress,
  setTaskRepeat,
  updateTask,
} from './task-commands';
import {
  replaceAllTasks,
  replaceTasksFromSync,
  setTasksWriteHook,
  settleTasksFromSync,
  tasksStore,
} from './tasks';
import type { Task } from '@/features/tasks/model/task-types';

const NOW = Date.UTC(2026, 10, 26, 12);
const STAMP = new Date(NOW).toISOString();

const TASK: Task = {
  id: 't1',
  title: 'Pay rent',
  description: 'Transfer',
  priority: 'High',
  deadline: '2027-01-31',
  progress: 20,
  assignedTo: 'Asha',
};
const MONTHLY = { every: 'month', interval: 1, from: 'deadline' } as const;

function stored(): Task[] {
  return JSON.parse(localStorage.getItem('tasks') ?? '[]') as Task[];
}

function seed(tasks: Task[]): void {
  localStorage.setItem('tasks', JSON.stringify(tasks));
}

beforeEach(() => {
  localStorage.clear();
  toastSuccess.mockClear();
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('setTaskRepeat', () => {
  it('sets the rule, changes it and removes it, stamping the task each time', () => {
    seed([TASK]);
    expect(setTaskRepeat('t1', MONTHLY)).toBe(true);
    expect(stored()).toEqual([{ ...TASK, repeat: MONTHLY, updatedAt: STAMP }]);
    expect(setTaskRepeat('t1', { ...MONTHLY, from: 'completion' })).toBe(true);
    expect(stored()[0]!.repeat).toEqual({ ...MONTHLY, from: 'completion' });
    expect(setTaskRepeat('t1', null)).toBe(true);
    expect(stored()).toEqual([{ ...TASK, updatedAt: STAMP }]);
  });

  it('writes nothing for the rule already there, an unknown task, or a rule it cannot read', () => {
    seed([{ ...TASK, repeat: MONTHLY }]);
    const before = localStorage.getItem('tasks');
    expect(setTaskRepeat('t1', { ...MONTHLY })).toBe(false);
    expect(setTaskRepeat('nope', MONTHLY)).toBe(false);
    expect(setTaskRepeat('t1', { ...MONTHLY, interval: 0 })).toBe(false);
    expect(setTaskRepeat('t1', { ...MONTHLY, every: 'hour' } as never)).toBe(false);
    expect(localStorage.getItem('tasks')).toBe(before);
    seed([TASK]);
    expect(setTaskRepeat('t1', null)).toBe(false);
    expect(stored()).toEqual([TASK]);
  });
});

describe('completing a repeating task', () => {
  it('stores the next occurrence after it and says so in a toast', () => {
    seed([{ ...TASK, repeat: MONTHLY }]);
    expect(setTaskProgress('t1', 100)).toBe(true);
    const next = {
      id: String(NOW),
      title: 'Pay rent',
      description: 'Transfer',
      priority: 'High',
      deadline: '2027-02-28',
      progress: 0,
      assignedTo: 'Asha',
      repeat: { ...MONTHLY, anchor: 31 },
    };
    expect(stored()).toEqual([
      {
        ...TASK,
        repeat: MONTHLY,
        progress: 100,
        status: 'Completed',
        repeatedAs: String(NOW),
        updatedAt: STAMP,
        completedAt: STAMP,
      },
      next,
    ]);
    expect(tasksStore.read()).toHaveLength(2);
    expect(toastSuccess).toHaveBeenCalledTimes(1);
    expect(toastSuccess).toHaveBeenCalledWith('Next "Pay rent" is due 2027-02-28.');
  });

  it('does it for Mark as Completed and the task view, once', () => {
    seed([{ ...TASK, repeat: MONTHLY }]);
    expect(completeTask('t1')).toBe(true);
    expect(stored()).toHaveLength(2);
    expect(updateTask('t1', { progress: 30 })).toEqual({ ok: true, written: true });
    expect(updateTask('t1', { progress: 100 })).toEqual({ ok: true, written: true });
    expect(setTaskProgress('t1', 100)).toBe(false);
    expect(stored()).toHaveLength(2);
    expect(toastSuccess).toHaveBeenCalledTimes(1);
  });

  it('tells the write hook (team sync) of the next occurrence with the completion, in one edit', () => {
    seed([{ ...TASK, repeat: MONTHLY, uid: 'aaaaaaaa-0000-4000-8000-000000000001' }]);
    const hook = vi.fn((_prev: readonly Task[], next: Task[]) => ({ tasks: next }));
    const remove = setTasksWriteHook(hook);
    try {
      completeTask('t1');
    } finally {
      remove();
    }
    expect(hook).toHaveBeenCalledTimes(1);
    const written = hook.mock.calls[0]![1];
    expect(written).toHaveLength(2);
    expect(written[0]!.repeatedAs).toBe(written[1]!.uid);
    expect(written[1]!.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('makes nothing and says nothing when the browser refuses the write', () => {
    seed([{ ...TASK, repeat: MONTHLY }]);
    const before = localStorage.getItem('tasks');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    expect(() => completeTask('t1')).toThrow(StorageQuotaError);
    vi.mocked(Storage.prototype.setItem).mockRestore();
    expect(localStorage.getItem('tasks')).toBe(before);
    expect(toastSuccess).not.toHaveBeenCalled();
    // The next command that succeeds announces only what it made.
    expect(setTaskProgress('t1', 50)).toBe(true);
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('is not done by an import nor by a sync write', () => {
    seed([{ ...TASK, repeat: MONTHLY }]);
    replaceAllTasks([{ ...TASK, repeat: MONTHLY, progress: 100 }]);
    expect(stored()).toHaveLength(1);
    seed([{ ...TASK, repeat: MONTHLY }]);
    replaceTasksFromSync((tasks) => tasks.map((task) => ({ ...task, progress: 100 })));
    expect(stored()).toHaveLength(1);
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});

describe('nextOccurrenceMessage', () => {
  it('names the task and its next deadline', () => {
    expect(nextOccurrenceMessage({ title: 'Standup', deadline: '2026-12-03' })).toBe(
      'Next "Standup" is due 2026-12-03.',
    );
  });
});

describe('Mark as Completed on a weekly task whose progress follows its checklist (2 of 3 ticked)', () => {
  const WEEKLY = {
    ...TASK,
    deadline: '2026-12-03',
    progress: 67,
    checklistProgress: true,
    repeat: { every: 'week', interval: 1, from: 'deadline' },
    ck_aaaaaaaa: { text: 'Gather', done: true, pos: 1 },
    ck_bbbbbbbb: { text: 'Write', done: true, pos: 2 },
    ck_cccccccc: { text: 'Send', done: false, pos: 3 },
  } as Task;

  it('ticks the last item, completes it and makes its next occurrence once, as stored and as read', () => {
    seed([WEEKLY]);
    expect(completeTask('t1')).toBe(true);
    const [done, next, ...rest] = stored();
    expect(rest).toEqual([]);
    expect(done).toMatchObject({
      progress: 100,
      status: 'Completed',
      checklistProgress: true,
      ck_cccccccc: { text: 'Send', done: true, pos: 3 },
      repeatedAs: String(NOW),
      completedAt: STAMP,
    });
    expect(next).toMatchObject({ id: String(NOW), deadline: '2026-12-10', progress: 0 });
    expect(next!.status).toBeUndefined();
    expect(next!.ck_cccccccc).toEqual({ text: 'Send', done: false, pos: 3 });
    expect(tasksStore.read()[0]).toMatchObject({ progress: 100, status: 'Completed' });
    expect(toastSuccess).toHaveBeenCalledWith('Next "Pay rent" is due 2026-12-10.');
    // Again: nothing more.
    expect(completeTask('t1')).toBe(false);
    expect(stored()).toHaveLength(2);
  });
});

describe('settleTasksFromSync (another device’s change arriving)', () => {
  it('a completion the pull brought without its next occurrence makes it here, once, with no toast', () => {
    const weekly = {
      ...TASK,
      deadline: '2026-12-03',
      repeat: { every: 'week', interval: 1, from: 'deadline' },
    } as Task;
    seed([weekly]);
    const before = tasksStore.read();
    replaceTasksFromSync((tasks) => tasks.map((task) => ({ ...task, progress: 100 })));
    expect(settleTasksFromSync(before)).toBe(true);
    const [done, next] = stored();
    expect(done).toMatchObject({ progress: 100, status: 'Completed', repeatedAs: String(NOW) });
    expect(done!.updatedAt).toBeUndefined();
    expect(next).toMatchObject({ deadline: '2026-12-10', progress: 0 });
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(settleTasksFromSync(tasksStore.read())).toBe(false);
  });
});
