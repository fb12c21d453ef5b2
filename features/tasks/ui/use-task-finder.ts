'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import {
  EMPTY_TASK_FILTER,
  filterTasks,
  isTaskFilterActive,
  keepSameList,
  parseTaskFilter,
  writeTaskFilter,
  type TaskFilter,
} from '@/features/tasks/model/task-filter';
import type { Task } from '@/features/tasks/model/task-types';
import { withoutTaskParam } from '@/features/tasks/model/task-link';
import { useToday } from '@/shared/hooks/use-today';
import { useTaskSlots } from './task-slots';

/** Typing waits this long before the URL follows, so a fast typist does not flood the history API. */
const URL_WRITE_DELAY_MS = 300;

export type TaskFinder = {
  /** What the controls show: follows every keystroke. */
  filter: TaskFilter;
  /** Whether the list is narrowed (what `matches` was computed from). */
  active: boolean;
  /** The tasks shown: `tasks` filtered, one render behind typing so input is never blocked. */
  matches: readonly Task[];
  /** How many tasks were searched. */
  total: number;
  /** A change; `typing` delays the URL update (see `URL_WRITE_DELAY_MS`). */
  change: (patch: Partial<TaskFilter>, options?: { typing?: boolean }) => void;
  /** Every part back to "any". */
  reset: () => void;
};

/**
 * The task finder's state (docs/product.md#finding-tasks): read from the URL
 * (`?q=&priority=&due=&column=&label=&has=`) on arrival, written back with `history.replaceState` (no new
 * history entry, no server round trip) once the user changes something, so a bookmarked or shared link
 * restores the view. `columns: false` (the board, whose columns already sort by column) ignores a
 * `column` parameter. `Has files` reads each task's files from the task slots (none without them).
 */
export function useTaskFinder(tasks: readonly Task[], { columns }: { columns: boolean }): TaskFinder {
  // Typed as nullable for the Pages Router; always present in the App Router.
  // The task view's `?task=` is not the finder's: opening a task must not re-run the search.
  const search = withoutTaskParam(useSearchParams()?.toString() ?? '');
  const [filter, setFilter] = useState(() => readFilter(new URLSearchParams(search), columns));
  /** The search string this page last wrote or read; another one is a navigation to restore. */
  const known = useRef(search);
  /** Set by a user's change: the URL is only rewritten after one (a link keeps its URL until then). */
  const pendingWrite = useRef<number | null>(null);

  useEffect(() => {
    if (search === known.current) return;
    // A navigation to this page with other parameters (a link, back or forward) while it stays mounted.
    known.current = search;
    pendingWrite.current = null;
    setFilter(readFilter(new URLSearchParams(search), columns));
  }, [search, columns]);

  useEffect(() => {
    const delay = pendingWrite.current;
    if (delay === null) return;
    const timer = window.setTimeout(() => {
      pendingWrite.current = null;
      const current = new URLSearchParams(window.location.search);
      const next = writeTaskFilter(current, filter).toString();
      if (next === current.toString()) return;
      known.current = withoutTaskParam(next);
      const { pathname, hash } = window.location;
      window.history.replaceState(null, '', `${pathname}${next ? `?${next}` : ''}${hash}`);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [filter]);

  const change = useCallback((patch: Partial<TaskFilter>, options?: { typing?: boolean }) => {
    pendingWrite.current = options?.typing ? URL_WRITE_DELAY_MS : 0;
    setFilter((current) => ({ ...current, ...patch }));
  }, []);
  const reset = useCallback(() => {
    pendingWrite.current = 0;
    setFilter(EMPTY_TASK_FILTER);
  }, []);

  const today = useToday();
  const deferred = useDeferredValue(filter);
  const { useTaskKeyOf, useFileCountOf } = useTaskSlots();
  const keyOf = useTaskKeyOf();
  const fileCountOf = useFileCountOf();
  const filtered = useMemo(
    () => filterTasks(tasks, deferred, today, keyOf, fileCountOf),
    [tasks, deferred, today, keyOf, fileCountOf],
  );
  // The same matches as last time keep last time's array, so the memoised board and grid skip the render.
  const [kept, setKept] = useState(filtered);
  const matches = keepSameList(kept, filtered);
  if (matches !== kept) setKept(matches);
  return { filter, active: isTaskFilterActive(deferred), matches, total: tasks.length, change, reset };
}

function readFilter(params: { get(name: string): string | null }, columns: boolean): TaskFilter {
  const filter = parseTaskFilter(params);
  return columns ? filter : { ...filter, column: null };
}
