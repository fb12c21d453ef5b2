import { listChanges, type ListChanges } from './list-changes';
import { TASK_PROGRESS_MAX, type Task } from './task-types';

/** Ids made from `Date.now()` between 2001 and 2096 (older ids, or other ids, say nothing of a time). */
function idTime(id: string): number | null {
  if (!/^\d{13}$/.test(id)) return null;
  return Number(id);
}

/**
 * When the task was created, in ms, or null when unknown: `createdAt` when it has one (team tasks carry
 * it, since each device gives a task its own id), else the default mode's id, which is the creation time.
 */
export function taskCreatedAt(task: Pick<Task, 'id' | 'createdAt'> & { uid?: unknown }): number | null {
  if (typeof task.createdAt === 'string') {
    const ms = Date.parse(task.createdAt);
    if (Number.isFinite(ms)) return ms;
  }
  return task.uid === undefined ? idTime(task.id) : null;
}

/** When the task last changed, in ms, or null when it has not since this version (`updatedAt`). */
export function taskUpdatedAt(task: Pick<Task, 'updatedAt'>): number | null {
  const ms = typeof task.updatedAt === 'string' ? Date.parse(task.updatedAt) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Every task of `next` that a command changed (a new object where `prev` held the task of that id) gets
 * `updatedAt` (docs/product.md#the-task-view); one whose progress reached 100 gets `completedAt`, one
 * whose progress went below 100 loses it (features/tasks/model/archive.ts: when it was completed decides when it is
 * archived). Tasks it added or left alone are as they were. `changes` (features/tasks/model/list-changes.ts), when
 * the caller has them, spares looking at every task: a command's cost stays that of what it changed.
 */
export function stampChangedTasks(
  prev: readonly Task[],
  next: Task[],
  nowMs: number,
  changes: ListChanges = listChanges(prev, next),
): Task[] {
  if (changes.added.length === 0) return next;
  // The task a changed one replaced is among the removed ones (the same id, another object).
  const before = new Map<string, Task>();
  for (const task of changes.removed) before.set(task.id, task);
  const at = new Date(nowMs).toISOString();
  let out: Task[] | null = null;
  for (const index of changes.added) {
    const task = next[index]!;
    const old = before.get(task.id);
    if (old === undefined) continue;
    const stamped = stampTask(old, task, at);
    if (stamped === task) continue;
    out ??= next.slice();
    out[index] = stamped;
  }
  return out ?? next;
}

function stampTask(old: Task, task: Task, at: string): Task {
  const done = task.progress === TASK_PROGRESS_MAX;
  const completing = done && old.progress !== TASK_PROGRESS_MAX && task.completedAt !== at;
  const reopening = !done && task.completedAt !== undefined;
  if (task.updatedAt === at && !completing && !reopening) return task;
  const stamped: Task = { ...task, updatedAt: at };
  if (completing) stamped.completedAt = at;
  if (reopening) delete stamped.completedAt;
  return stamped;
}
