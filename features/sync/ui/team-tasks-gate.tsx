'use client';

import { useSyncExternalStore, type ReactNode } from 'react';
import { teamListStatusStore } from '@/features/sync/client/team-list-status';
import { LoadingLine } from '@/shared/ui/load-error';

/** What the workspace shows while team mode reads its tasks from this browser's storage. */
export const TEAM_TASKS_LOADING = 'Loading the team’s tasks…';

/**
 * Team mode (docs/product.md#team-sync): the screens wait until the team's tasks are read from this
 * browser's storage (IndexedDB), so none shows an empty list meanwhile or writes to the wrong place.
 * With sync off it renders its children at once, as before.
 */
export function TeamTasksGate({ on, children }: { on: boolean; children: ReactNode }) {
  const state = useSyncExternalStore(
    teamListStatusStore.subscribe,
    teamListStatusStore.getSnapshot,
    teamListStatusStore.getServerSnapshot,
  );
  if (!on || state === 'ready') return <>{children}</>;
  return <LoadingLine>{TEAM_TASKS_LOADING}</LoadingLine>;
}
