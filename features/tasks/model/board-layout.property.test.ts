import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  COLUMN_KINDS,
  REOPEN_CHECKLIST_REFUSAL,
  REOPEN_PROGRESS,
  columnIdOf,
  kindOf,
  moveToKindColumn,
  orderTasksByKindColumns,
  type ColumnKind,
  type KindColumn,
} from './board-layout';
import { getBoardColumn } from './board';
import { setChecklistItemDone } from './checklist';
import { applyProgress, followsChecklist, isTaskDone, settleCompletion } from './completion';
import { BOARD_COLUMNS, type BoardColumn, type Task } from './task-types';

/** Column ids from a small set (a task's own `columnId` often names one, sometimes a removed one). */
const ID_POOL = [
  'todo',
  'doing',
  'done',
  'backlog',
  'ready',
  'review',
  'qa',
  'shipped',
  'c1',
  'c2',
  'c3',
  'c4',
  'c5',
];

/** A valid board: 1–12 columns of random kinds, unique ids, at least one done column. */
const board: fc.Arbitrary<KindColumn[]> = fc
  .tuple(
    fc.uniqueArray(fc.record({ id: fc.constantFrom(...ID_POOL), kind: fc.constantFrom(...COLUMN_KINDS) }), {
      selector: (column) => column.id,
      minLength: 1,
      maxLength: 12,
    }),
    fc.nat(),
  )
  .map(([drawn, pick]) => {
    const columns: KindColumn[] = drawn.map(({ id, kind }) => ({ id, name: id, kind, wipLimit: null }));
    if (!columns.some((column) => column.kind === 'done')) columns[pick % columns.length]!.kind = 'done';
    return columns;
  });

/** Progress 0–100, the spec's boundaries drawn often. */
const progress = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom(0, 40, 41, 80, 81, 99, 100));

type TaskParts = {
  progress: number;
  column: Task['column'];
  columnId: string | undefined;
  status: string | undefined;
  checklistProgress: boolean | undefined;
  items: boolean[];
};

/** A task from its parts; a part left undefined is a field absent. */
function buildTask(parts: TaskParts): Task {
  const task: Task = {
    id: 't1',
    title: 'Task',
    description: '',
    priority: 'Medium',
    deadline: '',
    progress: parts.progress,
    assignedTo: 'Mo',
  };
  if (parts.column !== undefined) task.column = parts.column;
  if (parts.columnId !== undefined) task.columnId = parts.columnId;
  if (parts.status !== undefined) task.status = parts.status;
  if (parts.checklistProgress !== undefined) task.checklistProgress = parts.checklistProgress;
  parts.items.forEach((done, index) => {
    task[`ck_item${index}`] = { text: `Item ${index}`, done, pos: index + 1 };
  });
  return task;
}

/** Any task, as stored (not necessarily settled), its own column id one of `ids` or anything. */
function anyTask(ids: readonly string[]): fc.Arbitrary<Task> {
  return fc
    .record({
      progress,
      column: fc.option(fc.constantFrom(...BOARD_COLUMNS), { nil: undefined }),
      columnId: fc.option(fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 6 })), { nil: undefined }),
      status: fc.option(fc.constantFrom('Completed', 'In Progress', 'Blocked'), { nil: undefined }),
      checklistProgress: fc.option(fc.boolean(), { nil: undefined }),
      items: fc.array(fc.boolean(), { maxLength: 4 }),
    })
    .map(buildTask);
}

/** A board and a task that may name its columns. */
const boardAndTask = board.chain((columns) =>
  fc.tuple(fc.constant(columns), anyTask(columns.map((column) => column.id))),
);

/**
 * Where `task` shows on `columns`: one column of the board, the one orderTasksByKindColumns puts it
 * in; of the task's kind when the board has one, and a done column exactly when the task is done
 * (as long as the board has a column that is not done). Returns that column.
 */
function expectShownOnce(task: Task, columns: readonly KindColumn[]): KindColumn {
  const id = columnIdOf(task, columns);
  const shown = columns.find((column) => column.id === id);
  expect(shown).toBeDefined();
  const groups = orderTasksByKindColumns([task], columns);
  const holding = Object.keys(groups).filter((key) => groups[key]!.includes(task));
  expect(holding).toEqual([id]);
  if (columns.some((column) => column.kind === kindOf(task))) expect(shown!.kind).toBe(kindOf(task));
  if (columns.some((column) => column.kind !== 'done')) expect(shown!.kind === 'done').toBe(isTaskDone(task));
  return shown!;
}

describe('columnIdOf (property)', () => {
  it('shows any task in exactly one column of any valid board, a done column exactly when it is done', () => {
    fc.assert(
      fc.property(boardAndTask, ([columns, task]) => {
        expectShownOnce(task, columns);
      }),
      { numRuns: 500 },
    );
  });

  it('honours the task’s own column exactly when it is on the board and of the task’s kind', () => {
    fc.assert(
      fc.property(boardAndTask, ([columns, task]) => {
        const own = columns.find((column) => column.id === task.columnId);
        const id = columnIdOf(task, columns);
        if (own && own.kind === kindOf(task)) expect(id).toBe(own.id);
        else expect(id).toBe(columnIdOf({ ...task, columnId: undefined }, columns));
      }),
    );
  });
});

const SPEC_COLUMN: Record<ColumnKind, BoardColumn> = {
  todo: 'To Do',
  doing: 'In Progress',
  done: 'Completed',
};

/** What moveToKindColumn is to do with `task` dropped on `target`. */
function expectMoved(task: Task, columns: readonly KindColumn[], target: KindColumn): void {
  const wasDone = isTaskDone(task);
  const moved = moveToKindColumn(task, columns, target.id);
  const refused = wasDone && target.kind !== 'done' && followsChecklist(task);
  if (!moved.ok) {
    expect(refused).toBe(true);
    expect(moved.message).toBe(REOPEN_CHECKLIST_REFUSAL);
    return;
  }
  expect(refused).toBe(false);
  const result = moved.task;
  // The card lands where it was dropped, done exactly in a done column.
  expect(columnIdOf(result, columns)).toBe(target.id);
  expect(isTaskDone(result)).toBe(target.kind === 'done');
  expect(kindOf(result)).toBe(target.kind);
  // The spec's column follows the kind, so the board of every project shows the task alike.
  expect(getBoardColumn(result)).toBe(SPEC_COLUMN[target.kind]);
  if (target.kind === 'done') {
    // Completed by the drop (a task done already, even one stored unsettled, is left as it is).
    if (!wasDone) expect(result).toMatchObject({ progress: 100, status: 'Completed' });
  } else if (wasDone) {
    expect(result.progress).toBe(REOPEN_PROGRESS[target.kind]);
    expect(result.status).not.toBe('Completed');
  } else {
    expect(result.progress).toBe(task.progress);
  }
  // The column id is kept only where the derived place differs.
  if (result.columnId !== undefined) {
    expect(result.columnId).toBe(target.id);
    expect(columnIdOf({ ...result, columnId: undefined }, columns)).not.toBe(target.id);
  }
  // A second drop on the same column changes nothing more.
  const again = moveToKindColumn(result, columns, target.id);
  expect(again).toEqual({ ok: true, task: result });
}

describe('moveToKindColumn (property)', () => {
  it('lands the card in the column it was dropped on, done exactly when that column is', () => {
    fc.assert(
      fc.property(boardAndTask, fc.nat(), ([columns, task], pick) => {
        expectMoved(task, columns, columns[pick % columns.length]!);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves the task as it is for a column not on the board', () => {
    fc.assert(
      fc.property(boardAndTask, fc.string({ maxLength: 6 }), ([columns, task], id) => {
        fc.pre(!columns.some((column) => column.id === id));
        const moved = moveToKindColumn(task, columns, id);
        expect(moved.ok && moved.task).toBe(task);
      }),
    );
  });
});

/** One person's change to the task: a drop on a column (by index), the slider, or a checklist tick. */
type Edit =
  | { type: 'move'; target: number }
  | { type: 'progress'; value: number }
  | { type: 'tick'; item: number; done: boolean };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('move' as const), target: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('progress' as const), value: progress }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('tick' as const), item: fc.nat(), done: fc.boolean() }),
  },
);

/** The task after one person's edit; a refused edit leaves it as it was. */
function applyEdit(task: Task, columns: readonly KindColumn[], change: Edit): Task {
  if (change.type === 'move') {
    const moved = moveToKindColumn(task, columns, columns[change.target % columns.length]!.id);
    return moved.ok ? moved.task : task;
  }
  if (change.type === 'progress') return applyProgress(task, change.value);
  const items = Object.keys(task).filter((field) => field.startsWith('ck_'));
  if (items.length === 0) return task;
  const id = items[change.item % items.length]!.slice('ck_'.length);
  const ticked = setChecklistItemDone(task, id, change.done);
  return ticked.ok ? ticked.task : task;
}

/** Team sync's field merge: each field of either side, its value taken from the side `fromA` picks. */
function mergeFields(a: Task, b: Task, fromA: (field: string) => boolean): Task {
  const merged: Record<string, unknown> = {};
  for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const value = fromA(field) ? a[field] : b[field];
    if (value !== undefined) merged[field] = value;
  }
  return merged as Task;
}

/** The board with one column removed, keeping a done column (the same board when none can go). */
function withoutOneColumn(columns: readonly KindColumn[], pick: number): KindColumn[] {
  const removable = columns.filter(
    (column) => column.kind !== 'done' || columns.filter((other) => other.kind === 'done').length > 1,
  );
  if (removable.length === 0) return [...columns];
  const gone = removable[pick % removable.length]!;
  return columns.filter((column) => column !== gone);
}

/** The board with one column's kind changed, keeping a done column (the same board when it cannot). */
function withOneKindChanged(
  columns: readonly KindColumn[],
  pick: number,
  kind: KindColumn['kind'],
): KindColumn[] {
  const next = columns.map((column, index) =>
    index === pick % columns.length ? { ...column, kind } : column,
  );
  return next.some((column) => column.kind === 'done') ? next : [...columns];
}

type Scenario = {
  start: [KindColumn[], Task];
  editsA: Edit[];
  editsB: Edit[];
  fromA: (field: string) => boolean;
  removePick: number;
  kindPick: number;
  kind: ColumnKind;
};

/** Everything one concurrent scenario needs, drawn at once. */
const scenario: fc.Arbitrary<Scenario> = fc.record({
  start: boardAndTask,
  editsA: fc.array(edit, { minLength: 1, maxLength: 3 }),
  editsB: fc.array(edit, { minLength: 1, maxLength: 3 }),
  fromA: fc.func(fc.boolean()),
  removePick: fc.nat(),
  kindPick: fc.nat(),
  kind: fc.constantFrom(...COLUMN_KINDS),
});

/** The settled merge of two people's edits of one task. */
function mergedTask(s: Scenario): Task {
  const [columns, task] = s.start;
  const a = s.editsA.reduce((current, change) => applyEdit(current, columns, change), task);
  const b = s.editsB.reduce((current, change) => applyEdit(current, columns, change), task);
  return settleCompletion(mergeFields(a, b, s.fromA));
}

describe('a merge of concurrent moves and column changes (property)', () => {
  it('shows the merged, settled task in exactly one column, of a kind that agrees with done', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const [columns] = s.start;
        const merged = mergedTask(s);
        const shown = expectShownOnce(merged, columns);
        // Settled: the status says Completed exactly in a done column (the board has one not done).
        if (columns.some((column) => column.kind !== 'done'))
          expect(merged.status === 'Completed').toBe(shown.kind === 'done');
      }),
      { numRuns: 500 },
    );
  });

  it('still shows it in one valid column once the board’s columns are edited', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const [columns] = s.start;
        const merged = mergedTask(s);
        expectShownOnce(merged, withoutOneColumn(columns, s.removePick));
        expectShownOnce(merged, withOneKindChanged(columns, s.kindPick, s.kind));
        expectShownOnce(
          merged,
          withOneKindChanged(withoutOneColumn(columns, s.removePick), s.kindPick, s.kind),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('lands a later drop of the merged task where it is dropped, on the edited board too', () => {
    fc.assert(
      fc.property(scenario, fc.nat(), (s, pick) => {
        const [columns] = s.start;
        const merged = mergedTask(s);
        const edited = withoutOneColumn(columns, s.removePick);
        expectMoved(merged, edited, edited[pick % edited.length]!);
      }),
    );
  });
});
