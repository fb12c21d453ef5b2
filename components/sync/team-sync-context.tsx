'use client';

import { createContext, useContext, type ReactNode } from 'react';

/**
 * Whether this deployment runs team sync (`TEAM_SYNC=on`), read by the workspace layouts at request
 * time. Screens that add team features (assignee picker, conflict markers, the Mine / All filter)
 * ask this, so with sync off they render exactly what the spec describes.
 */
const TeamSyncContext = createContext(false);

export function TeamSyncProvider({ on, children }: { on: boolean; children: ReactNode }) {
  return <TeamSyncContext.Provider value={on}>{children}</TeamSyncContext.Provider>;
}

export function useTeamSyncOn(): boolean {
  return useContext(TeamSyncContext);
}
