import { getBoardColumn, moveToColumn } from './board';
import { applyProgress, followsChecklist, isTaskDone, markCompleted } from './completion';
import { sortByRank } from './rank-key';
import type { RankChange } from './rank';
import type { BoardColumn, Task } from './task-types';

/**
 * A board of columns of one's own (a project's board, docs/product.md#project-columns): each column
 * has a name, a kind (to do, doing, done) and an optional WIP limit. Where a task shows is derived,
 * never stored alone: its `columnId` when that column still exists and is of the task's kind (done,
 * or what its progress gives), else the first column of that kind. So any merge of concurrent moves,
 * progress changes and column edits shows every task in exactly one column, a done task in a done
 * column. Moving a card into a done column completes it (the one rule for done, repeat included);
 * out of one reopens it. Pure.
 */

export const COLUMN_KINDS = ['todo', 'doing', 'done'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

/** The kinds as the screens name them. */
export const COLUMN_KIND_NAMES: Record<ColumnKind, string> = {
  todo: 'To do',
  doing: 'Doing',
  done: 'Done',
};

export function isColumnKind(value: unknown): value is ColumnKind {
  return (COLUMN_KINDS as readonly unknown[]).includes(value);
}

/** One column of such a board. */
export interface KindColumn {
  id: string;
  name: string;
  kind: ColumnKind;
  /** At most this many tasks are meant to be in it (shown on the column, not enforced); null: none. */
  wipLimit: number | null;
}

/** The spec's column a kind stands for on the board of every project (docs/product.md#board-columns). */
const SPEC_COLUMN_OF_KIND: Record<ColumnKind, BoardColumn> = {
  todo: 'To Do',
  doing: 'In Progress',
  done: 'Completed',
};

/** The progress a task reopened into a column of this kind gets: where the spec's board puts it. */
export const REOPEN_PROGRESS: Record<Exclude<ColumnKind, 'done'>, number> = { todo: 0, doing: 50 };

/** Told when a drop would reopen a task whose progress its checklist decides. */
export const REOPEN_CHECKLIST_REFUSAL =
  'This task’s progress follows its checklist: untick an item to reopen it.';

function firstOfKind(columns: readonly KindColumn[], ...kinds: ColumnKind[]): KindColumn | undefined {
  for (const kind of kinds) {
    const found = columns.find((column) => column.kind === kind);
    if (found) return found;
  }
  return undefined;
}

/**
 * The kind of column a task belongs in: done when it is done (the one rule for done); else to do when
 * the spec's board puts it in `To Do` (its progress, or the column a drop gave it), else doing (so a
 * task at 81–99 is doing here, never in a done column).
 */
export function kindOf(task: Task): ColumnKind {
  if (isTaskDone(task)) return 'done';
  return getBoardColumn(task) === 'To Do' ? 'todo' : 'doing';
}

/** The nearest kinds first, for a board that has no column of the kind wanted. */
const FALLBACK_KINDS: Record<ColumnKind, ColumnKind[]> = {
  todo: ['todo', 'doing', 'done'],
  doing: ['doing', 'todo', 'done'],
  done: ['done', 'doing', 'todo'],
};

/**
 * The id of the column `task` shows in (undefined only for a board without columns): its own
 * `columnId` when that column still exists and is of the task's kind (kindOf), else the first column
 * of that kind (or the nearest kind).
 */
export function columnIdOf(task: Task, columns: readonly KindColumn[]): string | undefined {
  const kind = kindOf(task);
  if (typeof task.columnId === 'string') {
    const own = columns.find((column) => column.id === task.columnId);
    if (own && own.kind === kind) return own.id;
  }
  return firstOfKind(columns, ...FALLBACK_KINDS[kind])?.id;
}

/** The board's columns by id, each holding its tasks in the order shown (by rank, then stored order). */
export function orderTasksByKindColumns(
  tasks: readonly Task[],
  columns: readonly KindColumn[],
): Record<string, Task[]> {
  const groups: Record<string, Task[]> = {};
  for (const column of columns) groups[column.id] = [];
  for (const task of tasks) {
    const id = columnIdOf(task, columns);
    if (id !== undefined) groups[id]!.push(task);
  }
  for (const column of columns) groups[column.id] = sortByRank(groups[column.id]!);
  return groups;
}

/** 'Task Analytics' of such a board: each column's name, kind and how many tasks it shows. */
export function countTasksByKindColumns(
  tasks: readonly Task[],
  columns: readonly KindColumn[],
): { column: string; count: number; kind: ColumnKind }[] {
  const counts = new Map(columns.map((column) => [column.id, 0]));
  for (const task of tasks) {
    const id = columnIdOf(task, columns);
    if (id !== undefined) counts.set(id, counts.get(id)! + 1);
  }
  return columns.map((column) => ({ column: column.name, count: counts.get(column.id)!, kind: column.kind }));
}

/**
 * `task` moved into the column `columnId` (docs/product.md#project-columns): into a done column it is
 * completed (markCompleted); out of one into another kind it is reopened at REOPEN_PROGRESS (refused
 * when its checklist decides its progress). The spec's `column` follows the kind, so the board of
 * every project shows it alike, and `columnId` is kept only where the derived place differs.
 */
export function moveToKindColumn(
  task: Task,
  columns: readonly KindColumn[],
  columnId: string,
): { ok: true; task: Task } | { ok: false; message: string } {
  const target = columns.find((column) => column.id === columnId);
  if (!target) return { ok: true, task };
  const done = isTaskDone(task);
  let next = task;
  if (target.kind === 'done' && !done) next = markCompleted(next);
  else if (target.kind !== 'done' && done) {
    if (followsChecklist(task)) return { ok: false, message: REOPEN_CHECKLIST_REFUSAL };
    next = applyProgress(next, REOPEN_PROGRESS[target.kind]);
  }
  next = moveToColumn(next, SPEC_COLUMN_OF_KIND[target.kind]);
  const withoutOwn = withoutColumnId(next);
  const derived = columnIdOf(withoutOwn, columns);
  if (derived === target.id) return { ok: true, task: withoutOwn };
  return { ok: true, task: next.columnId === target.id ? next : { ...next, columnId: target.id } };
}

function withoutColumnId(task: Task): Task {
  if (task.columnId === undefined) return task;
  const copy = { ...task };
  delete copy.columnId;
  return copy;
}

/**
 * A drop on such a board: the task with this id goes to `columnId` (moveToKindColumn) and the cards
 * of `ranks` take their places. The same array when nothing changes; the refusal when the move is.
 */
export function placeTaskInKindColumn(
  tasks: readonly Task[],
  taskId: string,
  columns: readonly KindColumn[],
  columnId: string,
  ranks: readonly RankChange[] = [],
): { ok: true; tasks: Task[] } | { ok: false; message: string } {
  const byId = new Map(ranks.map((change) => [change.id, change.rank]));
  let next: Task[] | null = null;
  for (let index = 0; index < tasks.length; index++) {
    const task = tasks[index]!;
    let changed = task;
    if (task.id === taskId) {
      const moved = moveToKindColumn(task, columns, columnId);
      if (!moved.ok) return moved;
      changed = moved.task;
    }
    const rank = byId.get(task.id);
    if (rank !== undefined && changed.rank !== rank) changed = { ...changed, rank };
    if (changed === task) continue;
    next ??= tasks.slice();
    next[index] = changed;
  }
  return { ok: true, tasks: next ?? (tasks as Task[]) };
}
