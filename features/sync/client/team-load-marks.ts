/**
 * Performance marks of team mode's page load (User Timing, read by `npm run bench:team-scale` and
 * visible in the browser's performance panel): where the time goes between the page's first render
 * and the team's tasks on screen.
 */
export const TEAM_LOAD_MARKS = {
  /** The page rendered and asks for the sync engine's code (features/sync/ui/team-sync-loader.tsx). */
  engineRequested: 'tasklane:team-engine-requested',
  engineLoaded: 'tasklane:team-engine-loaded',
  /** IndexedDB opened, then the tasks read (features/sync/client/engine/team-replica.ts). */
  dbOpen: 'tasklane:team-db-open',
  tasksRead: 'tasklane:team-tasks-read',
  /** The list is in memory: the screens render it. */
  ready: 'tasklane:team-ready',
} as const;

export function markTeamLoad(name: (typeof TEAM_LOAD_MARKS)[keyof typeof TEAM_LOAD_MARKS]): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name);
}
