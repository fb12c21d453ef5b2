'use client';

import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';

/**
 * Whether this deployment runs team sync (`TEAM_SYNC=on`), read by the workspace layouts at request
 * time. Screens that add team features (assignee picker, conflict markers, the Mine / All filter)
 * ask this, so with sync off they render exactly what the spec describes.
 */
const TeamSyncContext = createContext(false);

/**
 * The same flag for what renders outside the workspace layouts (the navbar, in the root layout): set
 * by the provider before the first paint, false elsewhere (landing, login, sign-up).
 */
let teamSyncShown = false;
const listeners = new Set<() => void>();

export const teamSyncFlag = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => teamSyncShown,
  getServerSnapshot: () => false,
};

function publishTeamSync(on: boolean) {
  if (teamSyncShown === on) return;
  teamSyncShown = on;
  for (const listener of listeners) listener();
}

export function TeamSyncProvider({ on, children }: { on: boolean; children: ReactNode }) {
  useLayoutEffect(() => {
    publishTeamSync(on);
    return () => publishTeamSync(false);
  }, [on]);
  return <TeamSyncContext.Provider value={on}>{children}</TeamSyncContext.Provider>;
}

export function useTeamSyncOn(): boolean {
  return useContext(TeamSyncContext);
}
