import { TASK_PROGRESS_MAX, type Task } from './task';

/** Spec §3: the admin pending list shows this status when a task has none. */
export const DEFAULT_ADMIN_STATUS = 'Pending';

/** Spec §4: completed means progress exactly 100 (not the board's "above 80"). */
export function isTaskCompleted(task: Pick<Task, 'progress'>): boolean {
  return task.progress === TASK_PROGRESS_MAX;
}

/** Spec §2 Manage Tasks: 'Pending Tasks' (progress below 100) and 'Completed Tasks' (exactly 100), in stored order. */
export function splitTasksByCompletion<T extends Pick<Task, 'progress'>>(
  tasks: readonly T[],
): { pending: T[]; completed: T[] } {
  const pending: T[] = [];
  const completed: T[] = [];
  for (const task of tasks) (isTaskCompleted(task) ? completed : pending).push(task);
  return { pending, completed };
}

/** Spec §3: the status the admin sees; 'Pending' when the task has none (or only blanks). */
export function getAdminTaskStatus(task: Pick<Task, 'status'>): string {
  const status = task.status?.trim();
  return status ? status : DEFAULT_ADMIN_STATUS;
}

export type StatusBadgeTone = 'red' | 'yellow' | 'grey';

/** Spec §4 status badge colours: Pending red, In Progress yellow, any other status grey. */
export function getStatusBadgeTone(status: string): StatusBadgeTone {
  if (status === 'Pending') return 'red';
  if (status === 'In Progress') return 'yellow';
  return 'grey';
}
