'use client';

import { useEffect, useState } from 'react';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { tasksStore } from '@/features/tasks/client/tasks';
import type { SyncSummary } from '@/features/sync/model/protocol';
import { fetchTeamSummary, loadLastSummary, saveLastSummary } from '@/features/sync/client/team-summary';

export type TeamSummaryState =
  | { status: 'loading' }
  | { status: 'ready'; summary: SyncSummary }
  /** The server could not be reached or failed: the last figures this device had. */
  | { status: 'stale'; summary: SyncSummary }
  /** Failed with no figures kept on this device. */
  | { status: 'failed'; message: string };

/** How long after the last change to the task list the figures are asked for again. */
export const TEAM_SUMMARY_DEBOUNCE_MS = 1_000;

export const TEAM_SUMMARY_FAILURE = 'Could not load the team figures';
export const TEAM_SUMMARY_OFFLINE = 'You are offline. The team figures need a connection.';

/**
 * The admin dashboard's team figures (docs/product.md#admin-dashboard), from the server: asked for
 * when the dashboard opens, again a second after the task list last changed (a local edit, or a
 * pull that the live stream set off), when the page becomes visible and when the connection comes
 * back. A failure or no connection shows the last figures this device kept (of every project: one
 * project's, `project` a key, are not kept). Off (`enabled` false): nothing is asked.
 */
export function useTeamSummary(enabled: boolean, project: string | null = null): TeamSummaryState {
  // Whose figures they are: figures of another project than the one asked for are not shown.
  const [held, setHeld] = useState<{ of: string | null; state: TeamSummaryState }>({
    of: project,
    state: { status: 'loading' },
  });
  const setState = (next: TeamSummaryState | ((current: TeamSummaryState) => TeamSummaryState)) =>
    setHeld((current) => {
      const mine: TeamSummaryState = current.of === project ? current.state : { status: 'loading' };
      return { of: project, state: typeof next === 'function' ? next(mine) : next };
    });

  useEffect(() => {
    if (!enabled) return;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const fallBack = (message: string) => {
      setState((current) => {
        const known =
          current.status === 'ready' || current.status === 'stale'
            ? current.summary
            : project === null
              ? loadLastSummary()
              : null;
        return known ? { status: 'stale', summary: known } : { status: 'failed', message };
      });
    };

    const load = () => {
      controller?.abort();
      if (!navigator.onLine) {
        fallBack(TEAM_SUMMARY_OFFLINE);
        return;
      }
      const mine = new AbortController();
      controller = mine;
      fetchTeamSummary({ signal: mine.signal, project }).then(
        (summary) => {
          if (stopped || mine.signal.aborted) return;
          if (project === null) saveLastSummary(summary);
          setState({ status: 'ready', summary });
        },
        (error: unknown) => {
          if (stopped || mine.signal.aborted) return;
          fallBack(describeRequestFailure(error, TEAM_SUMMARY_FAILURE));
        },
      );
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(load, TEAM_SUMMARY_DEBOUNCE_MS);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') load();
    };

    load();
    const unsubscribe = tasksStore.subscribe(later);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', load);
    window.addEventListener('offline', load);
    return () => {
      stopped = true;
      controller?.abort();
      clearTimeout(timer);
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', load);
      window.removeEventListener('offline', load);
    };
    // setState is this render's (it names `project`, a dependency already).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, project]);

  return held.of === project ? held.state : { status: 'loading' };
}
