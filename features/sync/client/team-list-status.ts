/**
 * Whether team mode's task list has been read from this browser's storage (features/sync/client/engine/team-replica.ts),
 * apart from the engine so the workspace's gate (features/sync/ui/team-tasks-gate.tsx) can wait for it
 * without loading IndexedDB code. Until then no screen shows or writes tasks: the list would be empty.
 */
export type TeamListState = 'loading' | 'ready';

let state: TeamListState = 'loading';
const listeners = new Set<() => void>();

export const teamListStatusStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): TeamListState => state,
  getServerSnapshot: (): TeamListState => 'loading',
};

export function publishTeamListState(next: TeamListState): void {
  if (next === state) return;
  state = next;
  for (const listener of Array.from(listeners)) listener();
}
