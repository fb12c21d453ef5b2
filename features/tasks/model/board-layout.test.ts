import { describe, expect, it } from 'vitest';

import {
  COLUMN_KIND_NAMES,
  COLUMN_KINDS,
  REOPEN_CHECKLIST_REFUSAL,
  REOPEN_PROGRESS,
  columnIdOf,
  countTasksByKindColumns,
  isColumnKind,
  kindOf,
  moveToKindColumn,
  orderTasksByKindColumns,
  placeTaskInKindColumn,
  type ColumnKind,
  type KindColumn,
} from './board-layout';
import { checklistCounts } from './checklist';
import { isTaskDone } from './completion';
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
function frozen<T extends Task | Task[]>(value: T): T {
  if (Array.isArray(value)) value.forEach((task) => Object.freeze(task));
  Object.freeze(value);
  return value;
}

function column(id: string, kind: ColumnKind, name = id): KindColumn {
  return { id, name, kind, wipLimit: null };
}

/** Like a new project's board (features/projects/model/columns.ts DEFAULT_PROJECT_COLUMNS). */
const DEFAULT_LIKE: readonly KindColumn[] = [
  column('todo', 'todo', 'To Do'),
  column('doing', 'doing', 'In Progress'),
  column('done', 'done', 'Completed'),
];

/** Two columns of each kind. */
const WIDE: readonly KindColumn[] = [
  column('backlog', 'todo', 'Backlog'),
  column('ready', 'todo', 'Ready'),
  column('doing', 'doing', 'Doing'),
  column('review', 'doing', 'Review'),
  column('done', 'done', 'Done'),
  column('shipped', 'done', 'Shipped'),
];

/** 2 of 3 items ticked, progress following the checklist (settled: progress 67). */
const FOLLOWING: Task = makeTask('f', 67, {
  checklistProgress: true,
  ck_aaaaaaaa: { text: 'Gather', done: true, pos: 1 },
  ck_bbbbbbbb: { text: 'Write', done: true, pos: 2 },
  ck_cccccccc: { text: 'Send', done: false, pos: 3 },
});

/** FOLLOWING with every item ticked: done. */
const FOLLOWING_DONE: Task = {
  ...FOLLOWING,
  progress: 100,
  status: 'Completed',
  ck_cccccccc: { text: 'Send', done: true, pos: 3 },
};

describe('column kinds', () => {
  it('are to do, doing and done, named as the screens name them', () => {
    expect(COLUMN_KINDS).toEqual(['todo', 'doing', 'done']);
    expect(COLUMN_KIND_NAMES).toEqual({ todo: 'To do', doing: 'Doing', done: 'Done' });
    expect(REOPEN_PROGRESS).toEqual({ todo: 0, doing: 50 });
  });

  it('isColumnKind accepts the three kinds and nothing else', () => {
    for (const kind of COLUMN_KINDS) expect(isColumnKind(kind)).toBe(true);
    for (const value of ['Done', 'To Do', '', null, undefined, 1, {}])
      expect(isColumnKind(value)).toBe(false);
  });
});

describe('kindOf', () => {
  it('is done for a done task, whatever column a drag gave it', () => {
    expect(kindOf(makeTask('a', 100))).toBe('done');
    expect(kindOf(makeTask('a', 100, { status: 'Completed', column: 'To Do' }))).toBe('done');
    expect(kindOf(makeTask('a', 100, { column: 'In Progress' }))).toBe('done');
  });

  it.each([
    [0, 'todo'],
    [40, 'todo'],
    [41, 'doing'],
    [60, 'doing'],
    [80, 'doing'],
    [81, 'doing'],
    [99, 'doing'],
  ] as const)('puts a task at progress %d in a %s column', (progress, kind) => {
    expect(kindOf(makeTask('a', progress))).toBe(kind);
  });

  it('follows the column a drag gave a task that is not done', () => {
    expect(kindOf(makeTask('a', 60, { column: 'To Do' }))).toBe('todo');
    expect(kindOf(makeTask('a', 10, { column: 'In Progress' }))).toBe('doing');
    // Dropped on the spec's Completed without being completed: doing, never done.
    expect(kindOf(makeTask('a', 10, { column: 'Completed' }))).toBe('doing');
    // A status alone does not complete a task.
    expect(kindOf(makeTask('a', 30, { status: 'Completed' }))).toBe('todo');
  });

  it('follows the checklist of a task whose progress follows it', () => {
    expect(kindOf(FOLLOWING)).toBe('doing');
    expect(kindOf(FOLLOWING_DONE)).toBe('done');
    const oneOfThree: Task = {
      ...FOLLOWING,
      progress: 33,
      ck_bbbbbbbb: { text: 'Write', done: false, pos: 2 },
    };
    expect(kindOf(oneOfThree)).toBe('todo');
    // Progress 100 stored beside 2 of 3 ticked shows 67: not done.
    expect(kindOf({ ...FOLLOWING, progress: 100 })).toBe('doing');
    // Every item ticked shows 100 whatever progress is stored: done.
    expect(kindOf({ ...FOLLOWING_DONE, progress: 20 })).toBe('done');
  });
});

describe('columnIdOf: the task’s own column', () => {
  it('is honoured when that column exists and is of the task’s kind', () => {
    expect(columnIdOf(makeTask('a', 10, { columnId: 'ready' }), WIDE)).toBe('ready');
    expect(columnIdOf(makeTask('a', 60, { columnId: 'review' }), WIDE)).toBe('review');
    expect(columnIdOf(makeTask('a', 100, { columnId: 'shipped' }), WIDE)).toBe('shipped');
    expect(columnIdOf(makeTask('a', 60, { column: 'To Do', columnId: 'ready' }), WIDE)).toBe('ready');
  });

  it('is left for the first column of the kind when it is of another kind', () => {
    expect(columnIdOf(makeTask('a', 10, { columnId: 'review' }), WIDE)).toBe('backlog');
    expect(columnIdOf(makeTask('a', 60, { columnId: 'ready' }), WIDE)).toBe('doing');
    expect(columnIdOf(makeTask('a', 60, { columnId: 'shipped' }), WIDE)).toBe('doing');
    expect(columnIdOf(makeTask('a', 100, { columnId: 'ready' }), WIDE)).toBe('done');
    // Reopened by the slider: its done column no longer holds it.
    expect(columnIdOf(makeTask('a', 30, { columnId: 'shipped' }), WIDE)).toBe('backlog');
  });

  it('is left for the first column of the kind when the board no longer has it', () => {
    expect(columnIdOf(makeTask('a', 10, { columnId: 'gone' }), WIDE)).toBe('backlog');
    expect(columnIdOf(makeTask('a', 60, { columnId: 'gone' }), WIDE)).toBe('doing');
    expect(columnIdOf(makeTask('a', 100, { columnId: 'gone' }), WIDE)).toBe('done');
  });

  it('without one, is the first column of the kind', () => {
    expect(columnIdOf(makeTask('a', 0), WIDE)).toBe('backlog');
    expect(columnIdOf(makeTask('a', 90), WIDE)).toBe('doing');
    expect(columnIdOf(makeTask('a', 100), WIDE)).toBe('done');
    expect(columnIdOf(makeTask('a', 40), DEFAULT_LIKE)).toBe('todo');
    expect(columnIdOf(makeTask('a', 41), DEFAULT_LIKE)).toBe('doing');
    expect(columnIdOf(makeTask('a', 99), DEFAULT_LIKE)).toBe('doing');
    expect(columnIdOf(makeTask('a', 100), DEFAULT_LIKE)).toBe('done');
  });
});

describe('columnIdOf on a board lacking a kind', () => {
  it('puts a doing task in the first to-do column when there is no doing column', () => {
    const board = [column('later', 'done'), column('a', 'todo'), column('b', 'todo'), column('z', 'done')];
    expect(columnIdOf(makeTask('t', 60), board)).toBe('a');
    expect(columnIdOf(makeTask('t', 60, { columnId: 'b' }), board)).toBe('a');
    expect(columnIdOf(makeTask('t', 10), board)).toBe('a');
    expect(columnIdOf(makeTask('t', 100), board)).toBe('later');
  });

  it('puts a to-do task in the first doing column when there is no to-do column', () => {
    const board = [column('d', 'done'), column('x', 'doing'), column('y', 'doing')];
    expect(columnIdOf(makeTask('t', 10), board)).toBe('x');
    expect(columnIdOf(makeTask('t', 60), board)).toBe('x');
    expect(columnIdOf(makeTask('t', 60, { columnId: 'y' }), board)).toBe('y');
  });

  it('puts every task in the first done column of a board of done columns only', () => {
    const board = [column('d1', 'done'), column('d2', 'done')];
    expect(columnIdOf(makeTask('t', 0), board)).toBe('d1');
    expect(columnIdOf(makeTask('t', 60), board)).toBe('d1');
    expect(columnIdOf(makeTask('t', 100), board)).toBe('d1');
    expect(columnIdOf(makeTask('t', 100, { columnId: 'd2' }), board)).toBe('d2');
    // The own column is of the wrong kind for a task not done, so the first one.
    expect(columnIdOf(makeTask('t', 10, { columnId: 'd2' }), board)).toBe('d1');
  });

  it('puts a done task in the nearest kind, doing before to do, without a done column', () => {
    expect(columnIdOf(makeTask('t', 100), [column('a', 'todo'), column('b', 'doing')])).toBe('b');
    expect(columnIdOf(makeTask('t', 100), [column('a', 'todo')])).toBe('a');
  });

  it('is undefined only for a board without columns', () => {
    expect(columnIdOf(makeTask('t', 10), [])).toBeUndefined();
    expect(columnIdOf(makeTask('t', 100, { columnId: 'done' }), [])).toBeUndefined();
  });
});

describe('orderTasksByKindColumns', () => {
  it('holds every column of the board by id, empty ones included, in board order', () => {
    const groups = orderTasksByKindColumns([makeTask('a', 10)], WIDE);
    expect(Object.keys(groups)).toEqual(['backlog', 'ready', 'doing', 'review', 'done', 'shipped']);
    expect(groups.backlog!.map((task) => task.id)).toEqual(['a']);
    for (const id of ['ready', 'doing', 'review', 'done', 'shipped']) expect(groups[id]).toEqual([]);
    expect(orderTasksByKindColumns([], DEFAULT_LIKE)).toEqual({ todo: [], doing: [], done: [] });
    expect(orderTasksByKindColumns([makeTask('a', 10)], [])).toEqual({});
  });

  it('puts each task in its column: its own when of its kind, else the first of its kind', () => {
    const tasks = [
      makeTask('a', 10),
      makeTask('b', 10, { columnId: 'ready' }),
      makeTask('c', 60, { columnId: 'ready' }),
      makeTask('d', 100, { columnId: 'shipped' }),
      makeTask('e', 100, { columnId: 'gone' }),
      makeTask('f', 90, { columnId: 'review' }),
    ];
    const ids = (list: Task[] | undefined) => list!.map((task) => task.id);
    const groups = orderTasksByKindColumns(tasks, WIDE);
    expect(ids(groups.backlog)).toEqual(['a']);
    expect(ids(groups.ready)).toEqual(['b']);
    expect(ids(groups.doing)).toEqual(['c']);
    expect(ids(groups.review)).toEqual(['f']);
    expect(ids(groups.done)).toEqual(['e']);
    expect(ids(groups.shipped)).toEqual(['d']);
  });

  it('orders a column by rank (ties by id), then the cards without one in stored order', () => {
    const tasks = frozen([
      makeTask('t1', 10),
      makeTask('t2', 10, { rank: 'a1' }),
      makeTask('t3', 10, { rank: 'a0' }),
      makeTask('t4', 60, { rank: 'a0' }),
      makeTask('t5', 10),
      makeTask('t6', 20, { rank: 'a1' }),
      makeTask('t0', 30, { rank: 'not a key!' }),
    ]);
    const groups = orderTasksByKindColumns(tasks, DEFAULT_LIKE);
    expect(groups.todo!.map((task) => task.id)).toEqual(['t3', 't2', 't6', 't1', 't5', 't0']);
    expect(groups.doing!.map((task) => task.id)).toEqual(['t4']);
    expect(groups.done).toEqual([]);
    expect(groups.todo![0]).toBe(tasks[2]);
  });
});

describe('countTasksByKindColumns', () => {
  it('counts each column as the board shows it, in board order, with its name and kind', () => {
    const tasks = [
      makeTask('a', 10),
      makeTask('b', 10, { columnId: 'ready' }),
      makeTask('c', 60, { columnId: 'ready' }),
      makeTask('d', 100, { columnId: 'shipped' }),
      makeTask('e', 100),
    ];
    expect(countTasksByKindColumns(tasks, WIDE)).toEqual([
      { column: 'Backlog', count: 1, kind: 'todo' },
      { column: 'Ready', count: 1, kind: 'todo' },
      { column: 'Doing', count: 1, kind: 'doing' },
      { column: 'Review', count: 0, kind: 'doing' },
      { column: 'Done', count: 1, kind: 'done' },
      { column: 'Shipped', count: 1, kind: 'done' },
    ]);
    expect(countTasksByKindColumns([], [])).toEqual([]);
  });
});

describe('moveToKindColumn into a done column', () => {
  it('completes the task: progress 100, status Completed, no dragged column', () => {
    const task = frozen(makeTask('a', 60, { column: 'To Do', status: 'In Progress' }));
    const moved = moveToKindColumn(task, DEFAULT_LIKE, 'done');
    expect(moved).toEqual({ ok: true, task: makeTask('a', 60, { progress: 100, status: 'Completed' }) });
    if (moved.ok) expect(isTaskDone(moved.task)).toBe(true);
  });

  it('ticks every item of a task whose progress follows its checklist', () => {
    const moved = moveToKindColumn(frozen({ ...FOLLOWING }), DEFAULT_LIKE, 'done');
    expect(moved).toEqual({ ok: true, task: FOLLOWING_DONE });
    if (moved.ok) expect(checklistCounts(moved.task)).toEqual({ done: 3, total: 3 });
    expect(FOLLOWING.ck_cccccccc).toEqual({ text: 'Send', done: false, pos: 3 });
  });

  it('keeps the column id of a done column other than the first', () => {
    const moved = moveToKindColumn(makeTask('a', 60), WIDE, 'shipped');
    expect(moved).toEqual({
      ok: true,
      task: makeTask('a', 100, { status: 'Completed', columnId: 'shipped' }),
    });
  });

  it('moves a done task between done columns without changing anything else', () => {
    const done = frozen(makeTask('a', 100, { status: 'Completed', columnId: 'shipped' }));
    expect(moveToKindColumn(done, WIDE, 'done')).toEqual({
      ok: true,
      task: makeTask('a', 100, { status: 'Completed' }),
    });
    const plain = frozen(makeTask('b', 100, { status: 'Completed' }));
    const same = moveToKindColumn(plain, WIDE, 'done');
    expect(same.ok && same.task).toBe(plain);
  });
});

describe('moveToKindColumn out of a done column', () => {
  it('reopens the task into a to-do column at progress 0, into a doing one at 50', () => {
    const done = frozen(makeTask('a', 100, { status: 'Completed' }));
    expect(moveToKindColumn(done, DEFAULT_LIKE, 'todo')).toEqual({ ok: true, task: makeTask('a', 0) });
    expect(moveToKindColumn(done, DEFAULT_LIKE, 'doing')).toEqual({ ok: true, task: makeTask('a', 50) });
    expect(moveToKindColumn(done, WIDE, 'review')).toEqual({
      ok: true,
      task: makeTask('a', 50, { columnId: 'review' }),
    });
    expect(moveToKindColumn(done, WIDE, 'ready')).toEqual({
      ok: true,
      task: makeTask('a', 0, { columnId: 'ready' }),
    });
  });

  it('keeps a status other than Completed, and reopens a task with the switch on but no items', () => {
    const done = frozen(makeTask('a', 100, { status: 'Blocked', checklistProgress: true }));
    expect(moveToKindColumn(done, DEFAULT_LIKE, 'doing')).toEqual({
      ok: true,
      task: makeTask('a', 50, { status: 'Blocked', checklistProgress: true }),
    });
  });

  it('refuses to reopen a task whose progress follows its checklist, and changes nothing', () => {
    const done = frozen({ ...FOLLOWING_DONE });
    const copy = structuredClone(done);
    expect(moveToKindColumn(done, DEFAULT_LIKE, 'todo')).toEqual({
      ok: false,
      message: REOPEN_CHECKLIST_REFUSAL,
    });
    expect(moveToKindColumn(done, WIDE, 'review')).toEqual({ ok: false, message: REOPEN_CHECKLIST_REFUSAL });
    expect(done).toEqual(copy);
  });
});

describe('moveToKindColumn between columns that are not done', () => {
  it('has the spec’s column follow the kind, progress and done unchanged', () => {
    expect(moveToKindColumn(makeTask('a', 60), DEFAULT_LIKE, 'todo')).toEqual({
      ok: true,
      task: makeTask('a', 60, { column: 'To Do' }),
    });
    expect(moveToKindColumn(makeTask('a', 20), DEFAULT_LIKE, 'doing')).toEqual({
      ok: true,
      task: makeTask('a', 20, { column: 'In Progress' }),
    });
    // At 81–99 its progress alone gives the spec's Completed: the drop says In Progress.
    expect(moveToKindColumn(makeTask('a', 90), DEFAULT_LIKE, 'doing')).toEqual({
      ok: true,
      task: makeTask('a', 90, { column: 'In Progress' }),
    });
    // Back where its progress puts it: the dragged column is forgotten.
    expect(moveToKindColumn(makeTask('a', 60, { column: 'To Do' }), DEFAULT_LIKE, 'doing')).toEqual({
      ok: true,
      task: makeTask('a', 60),
    });
  });

  it('leaves no column id when the target is where the task shows without one', () => {
    const moved = moveToKindColumn(makeTask('a', 60), DEFAULT_LIKE, 'todo');
    expect(moved.ok && moved.task.columnId).toBe(undefined);
    // Its own column id, of another column, is dropped.
    expect(moveToKindColumn(makeTask('a', 10, { columnId: 'ready' }), WIDE, 'backlog')).toEqual({
      ok: true,
      task: makeTask('a', 10),
    });
  });

  it('sets the column id when the target is another column of the kind than the first', () => {
    expect(moveToKindColumn(makeTask('a', 10), WIDE, 'ready')).toEqual({
      ok: true,
      task: makeTask('a', 10, { columnId: 'ready' }),
    });
    expect(moveToKindColumn(makeTask('a', 60), WIDE, 'ready')).toEqual({
      ok: true,
      task: makeTask('a', 60, { column: 'To Do', columnId: 'ready' }),
    });
    expect(moveToKindColumn(makeTask('a', 60, { columnId: 'ready' }), WIDE, 'review')).toEqual({
      ok: true,
      task: makeTask('a', 60, { columnId: 'review' }),
    });
  });

  it('moves a checklist-following task without touching its checklist or progress', () => {
    expect(moveToKindColumn(frozen({ ...FOLLOWING }), DEFAULT_LIKE, 'todo')).toEqual({
      ok: true,
      task: { ...FOLLOWING, column: 'To Do' },
    });
  });
});

describe('moveToKindColumn that changes nothing', () => {
  it('answers the same task object for an unknown target', () => {
    const task = frozen(makeTask('a', 60, { columnId: 'review' }));
    const moved = moveToKindColumn(task, WIDE, 'gone');
    expect(moved.ok && moved.task).toBe(task);
    const done = frozen({ ...FOLLOWING_DONE });
    const fromDone = moveToKindColumn(done, WIDE, 'gone');
    expect(fromDone.ok && fromDone.task).toBe(done);
    expect(moveToKindColumn(task, [], 'todo')).toEqual({ ok: true, task });
  });

  it('answers the same task object when the task shows in the target already', () => {
    for (const [task, target] of [
      [makeTask('a', 10), 'todo'],
      [makeTask('a', 60), 'doing'],
      [makeTask('a', 100, { status: 'Completed' }), 'done'],
    ] as const) {
      const moved = moveToKindColumn(frozen(task), DEFAULT_LIKE, target);
      expect(moved.ok && moved.task).toBe(task);
    }
    const own = frozen(makeTask('a', 10, { columnId: 'ready' }));
    const moved = moveToKindColumn(own, WIDE, 'ready');
    expect(moved.ok && moved.task).toBe(own);
  });
});

describe('placeTaskInKindColumn', () => {
  const tasks = (): Task[] =>
    frozen([
      makeTask('a', 10),
      makeTask('b', 60, { rank: 'a0' }),
      makeTask('c', 100, { status: 'Completed' }),
    ]);

  it('moves the task and gives the cards of ranks their ranks; the others stay the same objects', () => {
    const before = tasks();
    const placed = placeTaskInKindColumn(before, 'a', WIDE, 'shipped', [
      { id: 'a', rank: 'a1' },
      { id: 'c', rank: 'a0' },
    ]);
    expect(placed).toEqual({
      ok: true,
      tasks: [
        makeTask('a', 100, { status: 'Completed', columnId: 'shipped', rank: 'a1' }),
        before[1],
        { ...before[2], rank: 'a0' },
      ],
    });
    if (placed.ok) expect(placed.tasks[1]).toBe(before[1]);
    expect(before[0]).toEqual(makeTask('a', 10));
  });

  it('answers the same array when nothing changes', () => {
    const before = tasks();
    const same = placeTaskInKindColumn(before, 'a', DEFAULT_LIKE, 'todo');
    expect(same.ok && same.tasks).toBe(before);
    const sameRank = placeTaskInKindColumn(before, 'b', DEFAULT_LIKE, 'doing', [{ id: 'b', rank: 'a0' }]);
    expect(sameRank.ok && sameRank.tasks).toBe(before);
    const unknownTask = placeTaskInKindColumn(before, 'zz', DEFAULT_LIKE, 'done');
    expect(unknownTask.ok && unknownTask.tasks).toBe(before);
    const unknownColumn = placeTaskInKindColumn(before, 'a', DEFAULT_LIKE, 'gone');
    expect(unknownColumn.ok && unknownColumn.tasks).toBe(before);
  });

  it('applies ranks alone when the task shows in the target already', () => {
    const before = tasks();
    const placed = placeTaskInKindColumn(before, 'b', DEFAULT_LIKE, 'doing', [{ id: 'b', rank: 'Zz' }]);
    expect(placed.ok && placed.tasks).toEqual([before[0], { ...before[1], rank: 'Zz' }, before[2]]);
    if (placed.ok) {
      expect(placed.tasks[0]).toBe(before[0]);
      expect(placed.tasks[2]).toBe(before[2]);
    }
  });

  it('passes the refusal on and changes nothing', () => {
    const before = frozen([makeTask('a', 10), { ...FOLLOWING_DONE }]);
    expect(placeTaskInKindColumn(before, 'f', DEFAULT_LIKE, 'todo', [{ id: 'a', rank: 'a0' }])).toEqual({
      ok: false,
      message: REOPEN_CHECKLIST_REFUSAL,
    });
    expect(before[0]).toEqual(makeTask('a', 10));
  });
});
