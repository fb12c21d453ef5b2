import { CHECKLIST_FIELD_PATTERN, checklistCounts, checklistProgress, readChecklistValue } from './checklist';
import { listChanges, type ListChanges } from './list-changes';
import type { Task } from './task-types';

/**
 * One rule for "done" (docs/product.md#task-completion, docs/decisions/0038-one-rule-for-done.md): a
 * task is done when the progress it shows is 100, whatever made it so (the slider, Mark as Completed,
 * the last checklist item ticked, an import, another device). Its `status` says the same
 * (`Completed` exactly while done), and with "Progress follows the checklist" on its progress is the
 * checklist's. The board column is not completion: a drag changes neither progress nor done
 * (features/tasks/model/board.ts moveToColumn). Pure; type-only imports from ./task (it reads this module).
 */

/** The progress of a done task (the spec's "completed means progress exactly 100"). */
export const DONE_PROGRESS = 100;

/** The status of a done task, and of no other (docs/product.md#admin-completion). */
export const COMPLETED_STATUS = 'Completed';

/** Whether the task's progress follows its checklist: the switch on and at least one item. */
export function followsChecklist(task: Readonly<Record<string, unknown>>): boolean {
  return task.checklistProgress === true && checklistCounts(task).total > 0;
}

/** The progress a task shows: the checklist's when progress follows it, else its own. */
export function shownProgress(task: Pick<Task, 'progress'> & Readonly<Record<string, unknown>>): number {
  if (task.checklistProgress === true) {
    const derived = checklistProgress(checklistCounts(task));
    if (derived !== null) return derived;
  }
  return task.progress;
}

/** Done: the progress the task shows is exactly 100 (docs/product.md#task-completion). */
export function isTaskDone(task: Pick<Task, 'progress'> & Readonly<Record<string, unknown>>): boolean {
  return shownProgress(task) === DONE_PROGRESS;
}

/**
 * The task made to agree with the rule: progress the checklist's when it follows one, `status`
 * `Completed` when done and not `Completed` when not (any other status text is left alone). The
 * board column a drag gave is left alone. The same object when it already agrees.
 */
export function settleCompletion(task: Task): Task {
  const progress = shownProgress(task);
  const done = progress === DONE_PROGRESS;
  const statusAgrees = done ? task.status === COMPLETED_STATUS : task.status !== COMPLETED_STATUS;
  if (progress === task.progress && statusAgrees) return task;
  const next: Task = { ...task, progress };
  if (done) next.status = COMPLETED_STATUS;
  else if (next.status === COMPLETED_STATUS) delete next.status;
  return next;
}

/**
 * Completing a task (Mark as Completed, the task view's Status `Completed`, the slider at 100): progress
 * 100, status `Completed`, no dragged column; with progress following the checklist, every item not
 * yet done is ticked, so the checklist says the same (the switch stays on). The same object when it
 * is completed already.
 */
export function markCompleted(task: Task): Task {
  const follows = followsChecklist(task);
  let next: Task | null = null;
  if (follows) {
    for (const field of Object.keys(task)) {
      if (!CHECKLIST_FIELD_PATTERN.test(field)) continue;
      const item = readChecklistValue(task[field]);
      if (item === null || item.done) continue;
      next ??= { ...task };
      next[field] = { ...item, done: true };
    }
  }
  if (
    next === null &&
    task.progress === DONE_PROGRESS &&
    task.status === COMPLETED_STATUS &&
    task.column === undefined
  ) {
    return task;
  }
  next ??= { ...task };
  next.progress = DONE_PROGRESS;
  next.status = COMPLETED_STATUS;
  delete next.column;
  return next;
}

/**
 * A new progress (the slider on a card or in the task view, a patch): a whole number 0–100 the caller
 * has clamped. It lets the progress decide the board column again (any dragged column removed) and the
 * status follows. 100 completes the task as `markCompleted` does. While progress follows the
 * checklist, any other value changes nothing: the checklist decides.
 */
export function applyProgress(task: Task, progress: number): Task {
  if (progress === DONE_PROGRESS) return markCompleted(task);
  if (followsChecklist(task)) return task;
  if (task.progress === progress && task.column === undefined && task.status !== COMPLETED_STATUS)
    return task;
  const next: Task = { ...task, progress };
  delete next.column;
  return settleCompletion(next);
}

/**
 * Every task a command changed (`changes`: features/tasks/model/list-changes.ts) settled by the rule; the others
 * stay the same objects. `next` itself when all of them already agree.
 */
export function settleChangedTasks(
  prev: readonly Task[],
  next: Task[],
  changes: ListChanges = listChanges(prev, next),
): Task[] {
  let out: Task[] | null = null;
  for (const index of changes.added) {
    const task = next[index]!;
    const settled = settleCompletion(task);
    if (settled === task) continue;
    out ??= next.slice();
    out[index] = settled;
  }
  return out ?? next;
}
