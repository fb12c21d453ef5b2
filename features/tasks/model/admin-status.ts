import { TASK_PROGRESS_MAX, type Task } from './task-types';

/** The status the admin's pending lists show for a task that has none (docs/product.md#status-badges). */
export const DEFAULT_ADMIN_STATUS = 'Pending';

/** Completed means progress exactly 100, not the board's "above 80" (docs/product.md#admin-completion). */
export function isTaskCompleted(task: Pick<Task, 'progress'>): boolean {
  return task.progress === TASK_PROGRESS_MAX;
}

/**
 * Manage Tasks' 'Pending Tasks' (progress below 100) and 'Completed Tasks' (exactly 100), in stored order
 * (docs/product.md#admin-completion).
 */
export function splitTasksByCompletion<T extends Pick<Task, 'progress'>>(
  tasks: readonly T[],
): { pending: T[]; completed: T[] } {
  const pending: T[] = [];
  const completed: T[] = [];
  for (const task of tasks) (isTaskCompleted(task) ? completed : pending).push(task);
  return { pending, completed };
}

/**
 * The status the admin sees; 'Pending' when the task has none (or only blanks;
 * docs/product.md#status-badges).
 */
export function getAdminTaskStatus(task: Pick<Task, 'status'>): string {
  const status = task.status?.trim();
  return status ? status : DEFAULT_ADMIN_STATUS;
}

export type StatusBadgeTone = 'red' | 'yellow' | 'grey';

/**
 * Status badge colours: Pending red, In Progress yellow, any other status grey
 * (docs/product.md#status-badges).
 */
export function getStatusBadgeTone(status: string): StatusBadgeTone {
  if (status === 'Pending') return 'red';
  if (status === 'In Progress') return 'yellow';
  return 'grey';
}
