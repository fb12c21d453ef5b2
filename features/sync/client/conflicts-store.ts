import type { SyncConflict } from '../model/protocol';

/**
 * The open conflict records this browser shows (values replaced by a concurrent edit), kept apart
 * from the engine like features/sync/client/status-store.ts: the board and Manage Tasks read it without loading
 * the engine. The engine (features/sync/client/client.ts) publishes here in every tab (the leader fetches, the
 * others follow through `tasklane.syncConflicts` and the storage event) and registers the one
 * control, settling a record. Without sync (or before it starts) the list is empty.
 */

export interface ConflictControls {
  /** Marks the record settled on the server, then drops it here and in the other tabs. */
  settle(conflict: SyncConflict): Promise<void>;
}

const NONE: readonly SyncConflict[] = [];

let current: readonly SyncConflict[] = NONE;
let byUid = new Map<string, SyncConflict[]>();
let controls: ConflictControls | null = null;
const listeners = new Set<() => void>();

function sameList(a: readonly SyncConflict[], b: readonly SyncConflict[]): boolean {
  return a.length === b.length && a.every((record, index) => record.id === b[index]!.id);
}

/** For useSyncExternalStore: the same array until the list of records really changes. */
export const conflictsStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): readonly SyncConflict[] => current,
  getServerSnapshot: (): readonly SyncConflict[] => NONE,
};

/** The open records of one task (by its sync identity), newest first; the same array between changes. */
export function conflictsOf(list: readonly SyncConflict[], uid: unknown): readonly SyncConflict[] {
  if (list !== current || typeof uid !== 'string') return NONE;
  return byUid.get(uid) ?? NONE;
}

export function publishConflicts(next: readonly SyncConflict[]): void {
  if (sameList(current, next)) return;
  current = next.length === 0 ? NONE : next;
  byUid = new Map();
  for (const record of current) {
    const list = byUid.get(record.uid);
    if (list) list.push(record);
    else byUid.set(record.uid, [record]);
  }
  for (const listener of Array.from(listeners)) listener();
}

/** The running engine's control; null when it stops (the list then empties). */
export function setConflictControls(next: ConflictControls | null): void {
  controls = next;
  if (!next) publishConflicts(NONE);
}

/**
 * Settles a record (Restore writes its value first-class through features/tasks/client/task-commands.ts once this
 * succeeds); rejects with the engine's error, an ApiError when the request failed.
 */
export function settleConflict(conflict: SyncConflict): Promise<void> {
  if (!controls) return Promise.reject(new Error('Team sync is not running.'));
  return controls.settle(conflict);
}
