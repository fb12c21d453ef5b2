/**
 * What the navbar's status says about the engine (docs/product.md#team-sync), as a pure function of
 * what the engine knows, so that every case is tested without timers or storage.
 */
import type { Task } from '@/features/tasks/model/task-types';
import { heldMessage, pendingCount, unsyncedTasks, type SyncMeta } from '../replica';
import type { SyncStatus } from '../status-store';
import { storageFailureMessage, type StorageFailure } from '../../model/status-text';

export const OTHER_ACCOUNT_MESSAGE =
  'Changes from another account are waiting on this device. Sign in as that account to send them.';

export const STORAGE_UNAVAILABLE_MESSAGE = 'Browser storage is unavailable: sync is off.';

export interface EngineFacts {
  userId: string;
  /** The stored metadata (any account's), or null. */
  meta: SyncMeta | null;
  tasks: readonly Task[];
  /** Storage refused the replica: sync has stopped. */
  refused: StorageFailure | null;
  /** How the last cycle failed, or null. */
  lastError: { state: 'offline' | 'error'; message: string } | null;
  /** A cycle is starting (before the first success, the status says `Syncing…`). */
  syncing: boolean;
  everSynced: boolean;
}

/** How many local tasks the first-sync question is about (0: no question). */
export function firstSyncCount(meta: SyncMeta, tasks: readonly Task[]): number {
  return meta.decided === null ? unsyncedTasks(meta, tasks).length : 0;
}

export function engineStatus(facts: EngineFacts): SyncStatus {
  const { meta, refused, lastError } = facts;
  if (refused) {
    return {
      state: 'stopped',
      pending: meta ? pendingCount(meta) : 0,
      storage: refused,
      message: storageFailureMessage(refused),
    };
  }
  if (meta && meta.userId !== facts.userId) {
    return { state: 'paused', pending: pendingCount(meta), message: OTHER_ACCOUNT_MESSAGE };
  }
  if (!meta) return { state: 'error', pending: 0, message: STORAGE_UNAVAILABLE_MESSAGE };
  const pending = pendingCount(meta);
  const decision = firstSyncCount(meta, facts.tasks);
  if (decision > 0) return { state: 'needs-decision', pending, firstSyncCount: decision };
  if (lastError) return { state: lastError.state, pending, message: lastError.message };
  // A change the server refused over a limit waits here until it is edited: not an outage, but
  // nothing will sync it as it is, so it reads as a failure with the server's reason.
  const held = heldMessage(meta);
  if (held !== null) return { state: 'error', pending, message: held };
  if (pending > 0 || (facts.syncing && !facts.everSynced)) return { state: 'syncing', pending };
  return { state: 'synced', pending };
}
