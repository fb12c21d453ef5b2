import { describe, expect, it } from 'vitest';

import {
  completeTask,
  countTasksByColumn,
  getBoardColumn,
  getColumnForProgress,
  groupTasksByColumn,
  moveTaskToColumn,
  orderTasksByColumn,
  placeTask,
  removeTask,
  setTaskProgress,
} from './board';
import type { Task } from './task-types';

function makeTask(id: string, progress: number, extra: Partial<Task> = {}): Task {
  return {
    id,
    title: `Task ${id}`,
    description: '',
    priority: 'Medium',
    deadline: '',
    progress,
    assignedTo: 'Unknown User',
    ...extra,
  };
}

/** Freezes the list and its tasks so any mutation throws (strict mode in ES modules). */
function frozen(tasks: Task[]): readonly Task[] {
  tasks.forEach((task) => Object.freeze(task));
  return Object.freeze(tasks);
}

describe('getColumnForProgress', () => {
  it.each([
    [0, 'To Do'],
    [40, 'To Do'],
    [41, 'In Progress'],
    [80, 'In Progress'],
    [81, 'Completed'],
    [100, 'Completed'],
  ])('puts progress %d in %s', (progress, column) => {
    expect(getColumnForProgress(progress)).toBe(column);
  });
});

describe('getBoardColumn', () => {
  it('uses the progress when the task has no column', () => {
    expect(getBoardColumn({ progress: 60 })).toBe('In Progress');
  });

  it('lets the column a drag set win over the progress', () => {
    expect(getBoardColumn({ progress: 10, column: 'Completed' })).toBe('Completed');
    expect(getBoardColumn({ progress: 95, column: 'To Do' })).toBe('To Do');
  });
});

describe('groupTasksByColumn', () => {
  it('groups tasks by column, keeping their stored order within each column', () => {
    const tasks = [
      makeTask('a', 90),
      makeTask('b', 10),
      makeTask('c', 50),
      makeTask('d', 0, { column: 'Completed' }),
      makeTask('e', 40),
      makeTask('f', 100, { column: 'In Progress' }),
    ];

    const groups = groupTasksByColumn(tasks);

    expect(groups['To Do'].map((task) => task.id)).toEqual(['b', 'e']);
    expect(groups['In Progress'].map((task) => task.id)).toEqual(['c', 'f']);
    expect(groups.Completed.map((task) => task.id)).toEqual(['a', 'd']);
    expect(groups.Completed[0]).toBe(tasks[0]);
  });

  it('returns three empty columns for no tasks', () => {
    expect(groupTasksByColumn([])).toEqual({ 'To Do': [], 'In Progress': [], Completed: [] });
  });
});

describe('countTasksByColumn', () => {
  it('counts the tasks of each column in column order, zeros included', () => {
    const tasks = [
      makeTask('a', 90),
      makeTask('b', 85),
      makeTask('c', 5),
      makeTask('d', 5, { column: 'Completed' }),
    ];

    expect(countTasksByColumn(tasks)).toEqual([
      { column: 'To Do', count: 1 },
      { column: 'In Progress', count: 0 },
      { column: 'Completed', count: 3 },
    ]);
  });
});

describe('moveTaskToColumn', () => {
  it('sets the column and keeps the progress', () => {
    const tasks = frozen([makeTask('a', 10), makeTask('b', 50)]);

    const next = moveTaskToColumn(tasks, 'a', 'Completed');

    expect(next).not.toBe(tasks);
    expect(next[0]).toEqual({ ...makeTask('a', 10), column: 'Completed' });
    expect(getBoardColumn(next[0]!)).toBe('Completed');
    expect(next[1]).toBe(tasks[1]);
  });

  it('does not mutate the input list or task', () => {
    const original = makeTask('a', 10);
    const tasks = [original, makeTask('b', 50)];
    const before = structuredClone(tasks);

    moveTaskToColumn(tasks, 'a', 'In Progress');

    expect(tasks).toEqual(before);
    expect(tasks[0]).toBe(original);
    expect('column' in original).toBe(false);
  });

  it('returns the same array when the task is dropped in the column its progress gives', () => {
    const tasks = [makeTask('a', 60)];

    expect(moveTaskToColumn(tasks, 'a', 'In Progress')).toBe(tasks);
  });

  it('returns the same array when the task is dropped in the column a drag already set', () => {
    const tasks = [makeTask('a', 10, { column: 'Completed' })];

    expect(moveTaskToColumn(tasks, 'a', 'Completed')).toBe(tasks);
  });

  it('returns the same array for an unknown task id', () => {
    const tasks = [makeTask('a', 10)];

    expect(moveTaskToColumn(tasks, 'missing', 'Completed')).toBe(tasks);
  });

  it('clears the override when the task is dropped back where its progress puts it', () => {
    const tasks = frozen([makeTask('a', 10, { column: 'Completed' })]);

    const next = moveTaskToColumn(tasks, 'a', 'To Do');

    expect(next[0]).toEqual(makeTask('a', 10));
    expect('column' in next[0]!).toBe(false);
    expect(tasks[0]?.column).toBe('Completed');
  });

  it('replaces an override with another one', () => {
    const tasks = frozen([makeTask('a', 10, { column: 'Completed' })]);

    expect(moveTaskToColumn(tasks, 'a', 'In Progress')[0]?.column).toBe('In Progress');
  });
});

describe('setTaskProgress', () => {
  it('sets the progress of that task only', () => {
    const tasks = frozen([makeTask('a', 10), makeTask('b', 20)]);

    const next = setTaskProgress(tasks, 'b', 65);

    expect(next.map((task) => task.progress)).toEqual([10, 65]);
    expect(next[0]).toBe(tasks[0]);
    expect(tasks[1]?.progress).toBe(20);
  });

  it.each([
    [150, 100],
    [-3, 0],
    [72.6, 73],
  ])('clamps and rounds %d to %d', (value, expected) => {
    expect(setTaskProgress([makeTask('a', 10)], 'a', value)[0]?.progress).toBe(expected);
  });

  it('clears the column override so progress decides the column again', () => {
    const tasks = frozen([makeTask('a', 10, { column: 'Completed' })]);

    const next = setTaskProgress(tasks, 'a', 30);

    expect('column' in next[0]!).toBe(false);
    expect(getBoardColumn(next[0]!)).toBe('To Do');
  });

  it('clears the override even when the progress is unchanged', () => {
    const next = setTaskProgress([makeTask('a', 10, { column: 'Completed' })], 'a', 10);

    expect(next[0]).toEqual(makeTask('a', 10));
    expect('column' in next[0]!).toBe(false);
  });

  it('returns the same array when nothing changes', () => {
    const tasks = [makeTask('a', 10)];

    expect(setTaskProgress(tasks, 'a', 10)).toBe(tasks);
    expect(setTaskProgress(tasks, 'zzz', 50)).toBe(tasks);
  });
});

describe('completeTask', () => {
  it("sets status 'Completed' and progress 100 and clears the column", () => {
    const tasks = frozen([makeTask('a', 20, { column: 'To Do', status: 'Open' }), makeTask('b', 30)]);

    const next = completeTask(tasks, 'a');

    expect(next[0]).toEqual({ ...makeTask('a', 100), status: 'Completed' });
    expect('column' in next[0]!).toBe(false);
    expect(getBoardColumn(next[0]!)).toBe('Completed');
    expect(next[1]).toBe(tasks[1]);
    expect(tasks[0]).toEqual(makeTask('a', 20, { column: 'To Do', status: 'Open' }));
  });

  it('completes a task at 100 that has no completed status yet', () => {
    expect(completeTask([makeTask('a', 100)], 'a')[0]?.status).toBe('Completed');
  });

  it('returns the same array for a task already completed, or an unknown id', () => {
    const tasks = frozen([{ ...makeTask('a', 100), status: 'Completed' }]);

    expect(completeTask(tasks, 'a')).toBe(tasks);
    expect(completeTask(tasks, 'zzz')).toBe(tasks);
  });
});

describe('removeTask', () => {
  it('removes the task with that id and keeps the order of the rest', () => {
    const tasks = frozen([makeTask('a', 0), makeTask('b', 0), makeTask('c', 0)]);

    expect(removeTask(tasks, 'b').map((task) => task.id)).toEqual(['a', 'c']);
    expect(tasks).toHaveLength(3);
  });

  it('returns the same array for an unknown id', () => {
    const tasks = [makeTask('a', 0)];

    expect(removeTask(tasks, 'zzz')).toBe(tasks);
  });
});

describe('order within a column (placeTask, orderTasksByColumn)', () => {
  it('shows a list without ranks in stored order (an upgrade changes nothing)', () => {
    const tasks = [makeTask('3', 0), makeTask('1', 0), makeTask('2', 50)];
    expect(orderTasksByColumn(tasks)['To Do'].map((task) => task.id)).toEqual(['3', '1']);
  });

  it('orders placed cards by rank, before the cards never placed, each column apart', () => {
    const tasks = [
      makeTask('1', 0),
      makeTask('2', 0, { rank: 'a1' }),
      makeTask('3', 0, { rank: 'a0' }),
      makeTask('4', 90, { rank: 'a0' }),
    ];
    const columns = orderTasksByColumn(tasks);
    expect(columns['To Do'].map((task) => task.id)).toEqual(['3', '2', '1']);
    expect(columns.Completed.map((task) => task.id)).toEqual(['4']);
  });

  it('a drop sets the column and the ranks together, in one new list, other tasks untouched', () => {
    const tasks = frozen([makeTask('1', 0), makeTask('2', 50, { rank: 'a0' }), makeTask('3', 60)]);
    const next = placeTask(tasks, '1', 'In Progress', [{ id: '1', rank: 'Zz' }]);
    expect(next[0]).toMatchObject({ column: 'In Progress', rank: 'Zz', progress: 0 });
    expect(next[1]).toBe(tasks[1]);
    expect(next[2]).toBe(tasks[2]);
    expect(orderTasksByColumn(next)['In Progress'].map((task) => task.id)).toEqual(['1', '2', '3']);
  });

  it('returns the same list when nothing changes', () => {
    const tasks = frozen([makeTask('1', 0, { rank: 'a0' })]);
    expect(placeTask(tasks, '1', 'To Do', [{ id: '1', rank: 'a0' }])).toBe(tasks);
    expect(placeTask(tasks, '1', 'To Do')).toBe(tasks);
  });
});
