import type { FirstSyncChoice } from './replica';
import type { StorageFailure, SyncStatusView } from '../model/status-text';

/**
 * The team sync status the UI shows, kept apart from the engine (features/sync/client/client.ts) so that the
 * navbar, on every page, does not load the engine: the engine is loaded only where sync runs, and
 * publishes its status and its two controls here.
 */

export interface SyncStatus extends SyncStatusView {
  /** With state 'needs-decision': how many local tasks the first-sync question is about. */
  firstSyncCount?: number;
}

export interface SyncControls {
  retry(): void;
  answerFirstSync(choice: FirstSyncChoice): void;
  /** Before a logout: sends what waits; resolves to how many tasks still have changes not sent. */
  sendForLogout(): Promise<number>;
  /**
   * The logout: stops the engine and removes the team's data from this browser; resolves once that
   * is stored (team mode's store writes in the background).
   */
  clearForLogout(): void | Promise<void>;
  /** Team mode's store refused a write (features/sync/client/engine/team-replica.ts): sync stops and says why. */
  storageRefused?(failure: StorageFailure): void;
}

const OFF: SyncStatus = { state: 'off', pending: 0 };

let current: SyncStatus = OFF;
let controls: SyncControls | null = null;
const listeners = new Set<() => void>();

function sameStatus(a: SyncStatus, b: SyncStatus): boolean {
  return (
    a.state === b.state &&
    a.pending === b.pending &&
    a.message === b.message &&
    a.storage === b.storage &&
    a.firstSyncCount === b.firstSyncCount
  );
}

/** For useSyncExternalStore: the same object until the status really changes. */
export const syncStatusStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): SyncStatus => current,
  getServerSnapshot: (): SyncStatus => OFF,
};

export function publishSyncStatus(next: SyncStatus): void {
  if (sameStatus(current, next)) return;
  current = next;
  for (const listener of Array.from(listeners)) listener();
}

/** The running engine's controls; null when it stops (the status then returns to 'off'). */
export function setSyncControls(next: SyncControls | null): void {
  controls = next;
  if (!next) publishSyncStatus(OFF);
}

/**
 * The running engine's logout steps, or null when no engine runs on this page. A logout reaches the
 * engine here, not by importing it: the page already holds it, and offline a new import may fail.
 */
export function getLogoutControls(): Pick<SyncControls, 'sendForLogout' | 'clearForLogout'> | null {
  return controls;
}

/** The controls in force on this page (the engine's, or those of a tab that asks another to sync). */
export function getSyncControls(): SyncControls | null {
  return controls;
}

export function retrySync(): void {
  controls?.retry();
}

export function answerFirstSync(choice: FirstSyncChoice): void {
  controls?.answerFirstSync(choice);
}
