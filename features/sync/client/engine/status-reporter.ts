/**
 * What the engine publishes as its status (features/sync/client/status-store.ts), and the facts behind it that
 * only the running engine knows: whether storage refused the replica, how the last cycle failed,
 * whether any cycle succeeded. ./status.ts turns them into the status; this keeps them.
 *
 * Invariant: nothing is published once the engine stopped (the next engine, or none, speaks).
 */
import { ApiError } from '@/shared/http/http';
import type { Task } from '@/features/tasks/model/task-types';
import type { SyncMeta } from '../replica';
import { publishSyncStatus } from '../status-store';
import type { StorageFailure } from './meta-store';
import { engineStatus } from './status';

export interface StatusReporter {
  /** Publishes the status; `syncing`: a cycle is starting. */
  refresh(syncing?: boolean): void;
  /** Storage refused the replica: syncing stops (what is here stays) and the status says why. */
  storageRefused(failure: StorageFailure): void;
  /** Why storage refuses the replica, or null. */
  refused(): StorageFailure | null;
  /** Storage took the replica again (after a retry). */
  storageBack(): void;
  /** A cycle succeeded. */
  succeeded(): void;
  /** A cycle failed (not for an ended session): offline, or an error with its message. */
  failed(error: unknown): void;
  /** The user asked for a retry: the last failure is forgotten. */
  clearError(): void;
}

export function createStatusReporter(ports: {
  userId: string;
  loadMeta: () => SyncMeta | null;
  readTasks: () => readonly Task[];
  isStopped: () => boolean;
}): StatusReporter {
  let lastError: { state: 'offline' | 'error'; message: string } | null = null;
  let everSynced = false;
  /** Storage refused the replica: no cycle runs until a retry stores it again. */
  let refused: StorageFailure | null = null;

  function refresh(syncing = false): void {
    if (ports.isStopped()) return;
    publishSyncStatus(
      engineStatus({
        userId: ports.userId,
        meta: ports.loadMeta(),
        tasks: ports.readTasks(),
        refused,
        lastError,
        syncing,
        everSynced,
      }),
    );
  }

  return {
    refresh,
    storageRefused(failure) {
      refused = failure;
      refresh();
    },
    refused: () => refused,
    storageBack() {
      refused = null;
    },
    succeeded() {
      everSynced = true;
      lastError = null;
    },
    failed(error) {
      lastError =
        error instanceof ApiError && error.kind !== 'http'
          ? { state: 'offline', message: error.message }
          : { state: 'error', message: error instanceof Error ? error.message : 'Sync failed.' };
    },
    clearError() {
      lastError = null;
    },
  };
}
