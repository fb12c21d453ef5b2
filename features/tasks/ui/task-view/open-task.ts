'use client';

import { TASK_PARAM, taskKey, withTaskParam } from '@/features/tasks/model/task-link';
import type { Task } from '@/features/tasks/model/task-types';

/**
 * Opening and closing the task view (docs/product.md#the-task-view) through the address bar: opening
 * adds `?task={key}` as a new history entry (Next.js follows native pushState), so Back closes it;
 * closing a view this page opened goes back, and one that arrived with the address (a shared link, a
 * reload) drops the parameter in place.
 */
let openedHere: string | null = null;

export function openTask(task: Pick<Task, 'id'> & { uid?: unknown }): void {
  openTaskByKey(taskKey(task));
}

/** Opens the view of the task with that key (features/tasks/model/task-link.ts taskKey). */
export function openTaskByKey(key: string): void {
  const { pathname, search, hash } = window.location;
  if (new URLSearchParams(search).get(TASK_PARAM) === key) return;
  // Another task's view open (opened from this one): replace it, so Back still closes.
  const replacing = new URLSearchParams(search).has(TASK_PARAM);
  const url = `${pathname}${withTaskParam(search, key)}${hash}`;
  if (replacing) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  if (!replacing) openedHere = key;
  else if (openedHere !== null) openedHere = key;
}

export function closeTaskView(): void {
  const { pathname, search, hash } = window.location;
  const key = new URLSearchParams(search).get(TASK_PARAM);
  if (key === null) return;
  if (openedHere === key) {
    openedHere = null;
    window.history.back();
    return;
  }
  window.history.replaceState(null, '', `${pathname}${withTaskParam(search, null)}${hash}`);
}

/** The view saw its parameter go (Back): forget that this page opened it. */
export function forgetOpenedTask(): void {
  openedHere = null;
}
