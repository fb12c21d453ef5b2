import type { Task } from './task-types';

/**
 * A task's own address (docs/product.md#the-task-view): the page it was opened from with `?task={key}`,
 * so a link to it can be shared, a reload keeps it open and Back closes it. The key is the task's sync
 * identity when it has one (the same on every device of the team), else its id. Pure.
 */
export const TASK_PARAM = 'task';

/**
 * `?task={key}&review=replaced` (a `replaced` entry of the email digest): the view opens at the task's
 * replaced values, as the bell's entry does (docs/product.md#the-inbox).
 */
export const REVIEW_PARAM = 'review';
export const REVIEW_REPLACED = 'replaced';

export function taskKey(task: Pick<Task, 'id'> & { uid?: unknown }): string {
  return typeof task.uid === 'string' && task.uid !== '' ? task.uid : task.id;
}

/** The task a key names: by sync identity first, then by id. */
export function findTaskByKey<T extends Pick<Task, 'id'> & { uid?: unknown }>(
  tasks: readonly T[],
  key: string,
): T | undefined {
  let byId: T | undefined;
  for (const task of tasks) {
    if (task.uid === key) return task;
    if (byId === undefined && task.id === key) byId = task;
  }
  return byId;
}

/** `search` (a URL's query, with or without `?`) with the task parameter set to `key`, or removed. */
export function withTaskParam(search: string, key: string | null): string {
  const params = new URLSearchParams(search);
  if (key === null) params.delete(TASK_PARAM);
  else params.set(TASK_PARAM, key);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `search` without the task parameter, as URLSearchParams writes it (no `?`). */
export function withoutTaskParam(search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has(TASK_PARAM)) return params.toString();
  params.delete(TASK_PARAM);
  return params.toString();
}

/** A link to the task on `pathname` (other parameters kept, e.g. the finder's). */
export function taskHref(
  pathname: string,
  search: string,
  task: Pick<Task, 'id'> & { uid?: unknown },
): string {
  return `${pathname}${withTaskParam(search, taskKey(task))}`;
}
