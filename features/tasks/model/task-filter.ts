import { getBoardColumn } from './board';
import { addDaysToDateKey, getDeadlineDateKey } from './deadlines';
import { LABEL_ID_PATTERN } from './labels';
import type { BoardColumn, Task, TaskPriority } from './task-types';

/** The due-date choices of the task finder (docs/product.md#finding-tasks). */
export const DUE_FILTERS = ['overdue', 'today', 'week', 'none'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

/** How many calendar days 'This week' spans: today and the next 6 (docs/product.md#finding-tasks). */
export const DUE_WEEK_DAYS = 7;

/** The longest search text kept (a task title's limit); longer text from a URL is cut. */
export const TASK_SEARCH_MAX_LENGTH = 200;

/**
 * What the task finder shows (docs/product.md#finding-tasks): `q` as typed (matched trimmed), and at most
 * one priority, one due choice, one column and one label (its id, docs/product.md#labels); `null` is "any".
 * `hasFiles`: only tasks holding a file (docs/product.md#files-on-tasks); `false` is "any".
 */
export type TaskFilter = {
  q: string;
  priority: TaskPriority | null;
  due: DueFilter | null;
  column: BoardColumn | null;
  label: string | null;
  hasFiles: boolean;
};

export const EMPTY_TASK_FILTER: TaskFilter = {
  q: '',
  priority: null,
  due: null,
  column: null,
  label: null,
  hasFiles: false,
};

/** The URL parameters the finder owns, in the order it writes them. */
export const TASK_FILTER_PARAMS = ['q', 'priority', 'due', 'column', 'label', 'has'] as const;

/** The `has` parameter's value for `hasFiles` (`?has=files`). */
const HAS_FILES_PARAM = 'files';

/** URL values: lower-case words, so a shared link reads naturally (`?priority=high&column=in-progress`). */
const PRIORITY_PARAM: Record<TaskPriority, string> = { High: 'high', Medium: 'medium', Low: 'low' };
const COLUMN_PARAM: Record<BoardColumn, string> = {
  'To Do': 'todo',
  'In Progress': 'in-progress',
  Completed: 'completed',
};

/** Whether any part of `filter` narrows the list (a blank search does not). */
export function isTaskFilterActive(filter: TaskFilter): boolean {
  return (
    filter.q.trim() !== '' ||
    filter.priority !== null ||
    filter.due !== null ||
    filter.column !== null ||
    filter.label !== null ||
    filter.hasFiles
  );
}

function findKey<K extends string>(record: Record<K, string>, value: string): K | null {
  const wanted = value.trim().toLowerCase();
  for (const key of Object.keys(record) as K[]) if (record[key] === wanted) return key;
  return null;
}

/**
 * A filter from URL parameters (docs/product.md#finding-tasks): unknown or missing values mean "any",
 * values are read case-insensitively (a label id as written), a search longer than
 * `TASK_SEARCH_MAX_LENGTH` is cut and a blank one is no search.
 */
export function parseTaskFilter(params: { get(name: string): string | null }): TaskFilter {
  const q = (params.get('q') ?? '').slice(0, TASK_SEARCH_MAX_LENGTH);
  const due = (params.get('due') ?? '').trim().toLowerCase();
  const label = (params.get('label') ?? '').trim();
  return {
    q: q.trim() === '' ? '' : q,
    priority: findKey(PRIORITY_PARAM, params.get('priority') ?? ''),
    due: (DUE_FILTERS as readonly string[]).includes(due) ? (due as DueFilter) : null,
    column: findKey(COLUMN_PARAM, params.get('column') ?? ''),
    label: LABEL_ID_PATTERN.test(label) ? label : null,
    hasFiles: (params.get('has') ?? '').trim().toLowerCase() === HAS_FILES_PARAM,
  };
}

/**
 * `current` (the page's URL parameters) with the finder's own parameters set from `filter`: only the
 * parts that narrow the list are written, every other parameter is kept as it was.
 */
export function writeTaskFilter(current: URLSearchParams, filter: TaskFilter): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of TASK_FILTER_PARAMS) next.delete(name);
  if (filter.q.trim() !== '') next.set('q', filter.q);
  if (filter.priority) next.set('priority', PRIORITY_PARAM[filter.priority]);
  if (filter.due) next.set('due', filter.due);
  if (filter.column) next.set('column', COLUMN_PARAM[filter.column]);
  if (filter.label) next.set('label', filter.label);
  if (filter.hasFiles) next.set('has', HAS_FILES_PARAM);
  return next;
}

/**
 * Text folded for search: lower case, accents removed (`Café` → `cafe`), so a search ignores both
 * (docs/product.md#finding-tasks).
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a search, folded; none for a blank search. */
export function getSearchWords(q: string): string[] {
  const folded = foldSearchText(q.trim());
  return folded === '' ? [] : folded.split(/\s+/);
}

/**
 * Each task's folded title and description, computed once per stored task object: a stored task is
 * never changed in place (every change writes a new object), so the cache cannot go stale, and typing
 * at 5,000 tasks only compares strings.
 */
const searchIndex = new WeakMap<Task, string>();

function getSearchText(task: Task): string {
  let text = searchIndex.get(task);
  if (text === undefined) {
    text = foldSearchText(`${task.title}\n${task.description}`);
    searchIndex.set(task, text);
  }
  return text;
}

/** Every word of the search appears in the title or the description, in any order. */
export function matchesSearch(task: Task, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const text = getSearchText(task);
  return words.every((word) => text.includes(word));
}

/**
 * The due-date rule (docs/product.md#finding-tasks), on local calendar days like the deadline alerts:
 * 'overdue' is a deadline before today on a task not in the Completed column, 'today' is today,
 * 'week' today through the next 6 days, 'none' an empty or unreadable deadline. Without today's date
 * (`todayKey` null, before the browser has rendered) only 'none' can match.
 */
export function matchesDue(task: Task, due: DueFilter, todayKey: string | null): boolean {
  const day = getDeadlineDateKey(task.deadline);
  if (due === 'none') return day === null;
  if (day === null || todayKey === null) return false;
  switch (due) {
    case 'overdue':
      return day < todayKey && getBoardColumn(task) !== 'Completed';
    case 'today':
      return day === todayKey;
    case 'week':
      return day >= todayKey && day <= addDaysToDateKey(todayKey, DUE_WEEK_DAYS - 1);
  }
}

/** Whether the task carries the label with this id (docs/product.md#labels). */
export function hasLabel(task: Pick<Task, 'labels'>, labelId: string): boolean {
  return task.labels?.includes(labelId) ?? false;
}

/**
 * Whether the task holds a file (docs/product.md#files-on-tasks), by `fileCountOf`; without one (no
 * files where the finder runs), no task does.
 */
export function hasFiles(task: Task, fileCountOf: FileCountOf | undefined): boolean {
  return fileCountOf !== undefined && fileCountOf(task) > 0;
}

/**
 * The tasks `filter` keeps, in stored order (docs/product.md#finding-tasks): every part must match.
 * With no part narrowing the list, the same array is returned.
 */
export function filterTasks(
  tasks: readonly Task[],
  filter: TaskFilter,
  todayKey: string | null,
  keyOf?: TaskKeyOf,
  fileCountOf?: FileCountOf,
): readonly Task[] {
  if (!isTaskFilterActive(filter)) return tasks;
  const words = getSearchWords(filter.q);
  const key = keyOf ? taskKeyQuery(filter.q) : null;
  const { priority, due, column, label, hasFiles: filesOnly } = filter;
  return tasks.filter(
    (task) =>
      (priority === null || task.priority === priority) &&
      (label === null || hasLabel(task, label)) &&
      (!filesOnly || hasFiles(task, fileCountOf)) &&
      (column === null || getBoardColumn(task) === column) &&
      (due === null || matchesDue(task, due, todayKey)) &&
      (matchesSearch(task, words) || (key !== null && keyOf!(task) === key)),
  );
}

/** A task's key (`OPS-12`, docs/product.md#projects), or null: what the finder matches a typed key with. */
export type TaskKeyOf = (task: Task) => string | null;

/** How many files a task holds (docs/product.md#files-on-tasks), 0 without: what `Has files` reads. */
export type FileCountOf = (task: Task) => number;

/** The search as a task key (`ops-12` reads `OPS-12`), or null when it is not one. */
export function taskKeyQuery(q: string): string | null {
  const text = q.trim().toUpperCase();
  return /^[A-Z]{2,10}-[1-9][0-9]{0,8}$/.test(text) ? text : null;
}

/** '12 of 340 tasks': how many tasks the finder shows, out of the list it searched. */
export function formatMatchCount(shown: number, total: number): string {
  return `${shown} of ${total} ${total === 1 ? 'task' : 'tasks'}`;
}

/**
 * `previous` when `next` holds the very same tasks in the same order, else `next`: typing a letter that
 * keeps the same matches (`t`, `ta`, `tas` …) then hands the lists the array they already drew.
 */
export function keepSameList(previous: readonly Task[], next: readonly Task[]): readonly Task[] {
  if (previous === next || previous.length !== next.length) return next;
  for (let index = 0; index < next.length; index++) if (previous[index] !== next[index]) return next;
  return previous;
}
