'use client';

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { fetchHistoryPage, type TaskHistoryEntry } from '@/features/sync/client/history-api';
import { describeRequestFailure } from '@/shared/http/failure-message';
import {
  commentCountsSnapshot,
  serverCommentCounts,
  subscribeCommentCounts,
} from '@/features/comments/client/counts-store';
import { useOnline } from '@/shared/hooks/use-online';
import { syncStatusStore } from '@/features/sync/client/status-store';
import { appendOlder, mergeNewest, type HistoryList } from '@/features/sync/model/history-list';
import type { Task } from '@/features/tasks/model/task-types';

/** After the task changes, the first page is read again once changes stop (and are sent) this long. */
export const HISTORY_REFRESH_DELAY_MS = 1_000;

export const HISTORY_LOAD_FAILED = 'Could not load the history';

export interface TaskHistoryState {
  /** Null until the first page is read. */
  list: HistoryList<TaskHistoryEntry> | null;
  /** What is being read: the first page, or an older one (a first page read again says nothing). */
  busy: 'first' | 'older' | null;
  /** Why the last read failed, and which it was (Retry reads it again). */
  failure: { message: string; older: boolean } | null;
}

/**
 * The history of the task `task` (docs/product.md#task-history), read only once `wanted` (the section
 * came into view): nothing is asked for when a task is just opened. While offline, nothing is asked
 * for; back online, the first page is. Then the first page is read again when the task changes
 * (its `updatedAt`, its comment count, or this browser's changes reaching the server), debounced.
 */
export function useTaskHistory(
  task: Task & { uid: string },
  wanted: boolean,
): TaskHistoryState & { online: boolean; older: () => void; retry: () => void } {
  const uid = task.uid;
  const online = useOnline();
  const [state, setState] = useState<TaskHistoryState>({ list: null, busy: null, failure: null });
  const controllers = useRef(new Set<AbortController>());
  const version = useVersion(task);
  const readVersion = useRef<number | null>(null);
  const firstAsked = useRef(false);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) controller.abort();
    };
  }, []);

  const read = useCallback(
    (before: string | null, shown: boolean) => {
      const controller = new AbortController();
      controllers.current.add(controller);
      const older = before !== null;
      if (shown) setState((current) => ({ ...current, busy: older ? 'older' : 'first', failure: null }));
      fetchHistoryPage(uid, before, { signal: controller.signal })
        .then(
          (page) =>
            setState((current) => ({
              busy: null,
              failure: null,
              list:
                current.list === null
                  ? page
                  : older
                    ? appendOlder(current.list, page)
                    : mergeNewest(current.list, page),
            })),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setState((current) => ({
              ...current,
              busy: null,
              failure: { message: describeRequestFailure(error, HISTORY_LOAD_FAILED), older },
            }));
          },
        )
        .finally(() => controllers.current.delete(controller));
    },
    [uid],
  );

  // The first page: once wanted and online (Retry asks again after a failure).
  const { list, busy, failure } = state;
  useEffect(() => {
    if (!wanted || !online || firstAsked.current) return;
    firstAsked.current = true;
    readVersion.current = version;
    read(null, false);
  }, [wanted, online, version, read]);

  // The task changed since the first page was read: read it again once changes settle.
  useEffect(() => {
    if (list === null || busy !== null || !online || version === null || version === readVersion.current)
      return;
    const timer = setTimeout(() => {
      readVersion.current = version;
      read(null, false);
    }, HISTORY_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [list, busy, online, version, read]);

  const older = useCallback(() => {
    if (state.list?.next) read(state.list.next, true);
  }, [read, state.list]);

  const retry = useCallback(() => {
    if (state.failure?.older && state.list?.next) read(state.list.next, true);
    else read(null, true);
  }, [read, state.failure, state.list]);

  // The first page is being read: asked for, no answer yet.
  const reading = busy ?? (list === null && failure === null && wanted && online ? 'first' : null);
  return { list, busy: reading, failure, online, older, retry };
}

/**
 * A number that moves on each time the task's history may have grown: its `updatedAt` or comment
 * count changed, or this browser's changes finished reaching the server. Null while changes are
 * still waiting to be sent (the server does not have them yet).
 */
function useVersion(task: Task & { uid: string }): number | null {
  const counts = useSyncExternalStore(subscribeCommentCounts, commentCountsSnapshot, serverCommentCounts);
  const status = useSyncExternalStore(
    syncStatusStore.subscribe,
    syncStatusStore.getSnapshot,
    syncStatusStore.getServerSnapshot,
  );
  const key = `${String(task.updatedAt)}|${counts[task.uid] ?? 0}`;
  const settled = status.pending === 0;
  const [seen, setSeen] = useState({ key, settled, version: 0 });
  if (seen.key !== key || seen.settled !== settled) {
    // A change, or sending finished: a new version (render-time state, no extra effect pass).
    setSeen({ key, settled, version: seen.version + 1 });
  }
  return settled ? seen.version : null;
}
