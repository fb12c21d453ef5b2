'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { readTeamTasksEarly } from '@/features/sync/client/engine/replica-open';
import { markTeamLoad, TEAM_LOAD_MARKS } from '@/features/sync/client/team-load-marks';

/**
 * The sync engine's code is downloaded only by deployments that turn team sync on, after the page
 * has rendered. A download that fails (the connection dropped just then) must not break the page:
 * it is tried again when the browser is back online, or after a while.
 */
const RETRY_MS = 15_000;

export function TeamSyncLoader() {
  const [TeamSync, setTeamSync] = useState<ComponentType | null>(null);
  // The team's tasks are read from this browser's storage while the page hydrates and the engine's
  // code downloads, not after (once per page; a no-op on the server). Rendered only in team mode.
  readTeamTasksEarly();

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    function load() {
      clearTimeout(timer);
      markTeamLoad(TEAM_LOAD_MARKS.engineRequested);
      import('./team-sync').then(
        (module) => {
          markTeamLoad(TEAM_LOAD_MARKS.engineLoaded);
          if (!cancelled) setTeamSync(() => module.TeamSync);
        },
        () => {
          if (!cancelled) timer = setTimeout(load, RETRY_MS);
        },
      );
    }
    load();
    window.addEventListener('online', load);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('online', load);
    };
  }, []);

  return TeamSync ? <TeamSync /> : null;
}
