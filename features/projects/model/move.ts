import { moveToKindColumn, type KindColumn } from '@/features/tasks/model/board-layout';
import { GENERAL_PROJECT } from './project-key';
import { NO_ASSIGNEE, type Assignee, type Task } from '@/features/tasks/model/task-types';

/** Where a move sends a task: a project (its id and board columns), maybe a column, maybe an assignee. */
export interface MoveTarget {
  projectId: string;
  columns: readonly KindColumn[];
  /** A column of `columns` to put it in (as a drop there does); absent: where its kind shows. */
  columnId?: string;
  /** Who it is assigned to from now on (the mover, when its assignee would not see it there). */
  assignTo?: Assignee;
}

/**
 * `task` moved to another project (docs/product.md#projects), as one change: everything stays with it
 * (title, description, checklist, labels, comments, history, deadline, repeat) but its number, which
 * the server gives in the new project. Within its own project it only changes column. Into a column it is placed by the board's rules
 * (moveToKindColumn: a done column completes it, out of one reopens it, refused when its checklist
 * decides its progress).
 */
export function movedTask(
  task: Task,
  target: MoveTarget,
): { ok: true; task: Task } | { ok: false; message: string } {
  let next: Task = { ...task, projectId: target.projectId };
  if ((task.projectId ?? GENERAL_PROJECT.id) !== target.projectId) delete next.number;
  const name = target.assignTo?.name.trim();
  if (target.assignTo && name)
    next = { ...next, assignedTo: name, assigneeId: target.assignTo.id ?? NO_ASSIGNEE };
  if (target.columnId === undefined) return { ok: true, task: next };
  return moveToKindColumn(next, target.columns, target.columnId);
}

/** The fields a move never puts back: the number is the server's to give. */
const NOT_REVERTED = new Set(['number', 'updatedAt']);

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Undo of a move: each field the move changed (from `before` to `after`) goes back to what it was,
 * unless it changed again since (`current` no longer holds the moved value: that later change stays).
 * Back in another project, its number is dropped: the server gives one there. The same object when
 * nothing goes back.
 */
export function revertedMove(current: Task, before: Task, after: Task): Task {
  let next: Task | null = null;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (NOT_REVERTED.has(key) || same(before[key], after[key]) || !same(current[key], after[key])) continue;
    next ??= { ...current };
    if (before[key] === undefined) delete next[key];
    else next[key] = before[key];
  }
  if (next === null) return current;
  if (next.projectId !== current.projectId) delete next.number;
  return next;
}
