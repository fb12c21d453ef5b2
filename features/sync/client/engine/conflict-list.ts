/**
 * The open conflict records (docs/product.md#replaced-values): the syncing tab fetches them when they
 * may have changed and keeps a copy under `tasklane.syncConflicts` for the other tabs; every tab shows
 * the stored copy (features/sync/client/conflicts-store.ts). Settling one is a request, then the copy without it.
 */
import { publishConflicts } from '../conflicts-store';
import type { SyncConflict } from '../../model/protocol';
import { SYNC_CONFLICTS_KEY } from '@/shared/browser-storage/keys';
import type { SyncStorage } from './meta-store';
import { readConflicts, type SyncTransport } from './transport';

export interface ConflictList {
  /** Shows the stored copy (at start, and when another tab changed it). */
  showStored(): void;
  /** A pull brought changes: the list may be out of date. */
  markStale(): void;
  /** Fetches the records when they may have changed (one request at a time; a failure waits). */
  refreshIfStale(): void;
  settle(conflict: SyncConflict): Promise<void>;
}

export function createConflictList(options: {
  userId: string;
  storage: SyncStorage | null;
  transport: SyncTransport;
  isStopped: () => boolean;
}): ConflictList {
  const { userId, storage, transport, isStopped } = options;
  /** Out of date: at start, and after a pull that brought changes. */
  let stale = true;
  let fetching: Promise<void> | null = null;

  /** What the syncing tab fetched last for this user (nothing for another account's list). */
  function readStored(): SyncConflict[] {
    try {
      const stored: unknown = JSON.parse(storage?.getItem(SYNC_CONFLICTS_KEY) ?? 'null');
      const mine =
        typeof stored === 'object' && stored !== null && (stored as { userId?: unknown }).userId === userId;
      return mine ? readConflicts(stored) : [];
    } catch {
      return [];
    }
  }

  function save(conflicts: SyncConflict[]): void {
    publishConflicts(conflicts);
    try {
      storage?.setItem(SYNC_CONFLICTS_KEY, JSON.stringify({ userId, conflicts }));
    } catch {
      // Full storage: this tab still shows them; the others catch up at the next fetch.
    }
  }

  /**
   * A failure leaves the list stale for the next cycle and never fails the sync (an ended session is
   * the cycle's to handle).
   */
  function refresh(): void {
    if (fetching) return;
    stale = false;
    fetching = (async () => {
      let fetched = false;
      try {
        const conflicts = await transport.listConflicts();
        if (!isStopped()) save(conflicts);
        fetched = true;
      } catch {
        stale = true;
      } finally {
        fetching = null;
      }
      // A pull brought changes while this request was under way: once more.
      if (fetched && stale && !isStopped()) refresh();
    })();
  }

  return {
    showStored: () => {
      if (!isStopped()) publishConflicts(readStored());
    },
    markStale: () => {
      stale = true;
    },
    refreshIfStale: () => {
      if (stale) refresh();
    },
    async settle(conflict) {
      await transport.resolveConflict(conflict.id);
      if (isStopped()) return;
      save(readStored().filter((record) => record.id !== conflict.id));
    },
  };
}
