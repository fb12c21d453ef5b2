/**
 * Where the engine keeps the replica's metadata (features/sync/client/replica.ts SyncMeta), behind one port so the
 * engine (features/sync/client/client.ts) does not know which: a key in localStorage, shared by the tabs and parsed
 * afresh when another tab wrote it, or team mode's IndexedDB replica (./replica-db.ts), held in memory
 * by the one tab that syncs and written record by record.
 */
import { pendingCount, readMeta, type SyncMeta } from '../replica';
import { SYNC_META_KEY } from '@/shared/browser-storage/keys';
import type { ReplicaDb } from './replica-db';

export interface MetaStore {
  /** The stored metadata, to look at (not to change); null when there is none. */
  peek(): SyncMeta | null;
  /**
   * The metadata to change (any account's: the engine checks). A step saves it, or gives it back
   * unchanged with `putBack`, before it yields.
   */
  take(): SyncMeta | null;
  putBack(meta: SyncMeta): void;
  /** False when storage refused it (full): the last saved metadata stays in force. */
  save(meta: SyncMeta): boolean;
  /** Resolves once what was saved is stored; false when storage refused it. */
  flush(): Promise<boolean>;
  remove(): void;
  /** Why storage refuses writes, or null. */
  failure(): StorageFailure | null;
}

export type StorageFailure = 'full' | 'unavailable';

/** Storage for the metadata's key: `localStorage` by default. */
export interface SyncStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Tasks with changes not yet sent, as the stored bookkeeping says (whichever account it is). */
export function countUnsentIn(store: MetaStore): number {
  try {
    const meta = store.peek();
    return meta ? pendingCount(meta) : 0;
  } catch {
    return 0;
  }
}

/**
 * The metadata as JSON under `tasklane.sync`. Other tabs write it too, so each step parses it afresh,
 * except that what this tab saved last (or was given back unchanged) is reused while the stored text
 * is still the same.
 */
export function createLocalMetaStore(storage: SyncStorage | null): MetaStore {
  let cache: { raw: string; meta: SyncMeta } | null = null;
  /** What the last `take()` handed out, and the text it came from (for `putBack`). */
  let taken: { raw: string; meta: SyncMeta } | null = null;
  let refused = false;

  function readRaw(): string | null {
    if (!storage) return null;
    try {
      return storage.getItem(SYNC_META_KEY);
    } catch {
      return null;
    }
  }

  function parse(raw: string): SyncMeta | null {
    try {
      return readMeta(JSON.parse(raw));
    } catch {
      return null;
    }
  }

  return {
    peek() {
      const raw = readRaw();
      if (raw === null) return null;
      if (cache && cache.raw === raw) return cache.meta;
      const meta = parse(raw);
      cache = meta ? { raw, meta } : null;
      return meta;
    },
    take() {
      const raw = readRaw();
      if (raw === null) return null;
      // It leaves the cache, so a step that stops before saving leaves nothing changed behind.
      const meta = cache && cache.raw === raw ? cache.meta : parse(raw);
      cache = null;
      taken = meta ? { raw, meta } : null;
      return meta;
    },
    putBack(meta) {
      if (taken?.meta === meta) cache = taken;
      taken = null;
    },
    save(meta) {
      if (!storage) return false;
      taken = null;
      const raw = JSON.stringify(meta);
      try {
        // With thousands of tasks the text is about 1 MB, and most steps of an idle sync change
        // nothing: writing the same text again is a no-op for storage but costs a long task.
        if (readRaw() !== raw) storage.setItem(SYNC_META_KEY, raw);
        cache = { raw, meta };
        refused = false;
        return true;
      } catch {
        cache = null;
        refused = true;
        return false;
      }
    },
    flush: async () => !refused,
    remove() {
      cache = null;
      taken = null;
      try {
        storage?.removeItem(SYNC_META_KEY);
      } catch {
        // Unwritable storage holds nothing more to remove.
      }
    },
    failure: () => (storage ? (refused ? 'full' : null) : 'unavailable'),
  };
}

/** The name browsers give a write refused for want of space. */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const inner = (error as { inner?: { name?: unknown } } | null)?.inner?.name;
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError';
}

/**
 * Team mode's metadata: one object in memory, owned by the tab that syncs (no other tab writes it), and
 * each save written to IndexedDB as the records that changed. A refused write is remembered: the next
 * save writes every record again, and `failure()` says why until a write succeeds.
 */
export function createIdbMetaStore(
  initial: SyncMeta | null,
  db: Pick<ReplicaDb, 'write' | 'clearMeta'>,
  onFailure: (failure: StorageFailure) => void,
): MetaStore {
  let meta = initial;
  let whole = false;
  let failure: StorageFailure | null = null;
  let last: Promise<boolean> = Promise.resolve(true);

  return {
    peek: () => meta,
    take: () => meta,
    putBack: () => {},
    save(next) {
      const replaced = next !== meta;
      meta = next;
      const write = db.write({ meta: next, wholeMeta: whole || replaced });
      whole = false;
      last = write.then(
        () => {
          failure = null;
          return true;
        },
        (error: unknown) => {
          whole = true;
          failure = isQuotaError(error) ? 'full' : 'unavailable';
          onFailure(failure);
          return false;
        },
      );
      return failure === null;
    },
    flush: () => last,
    remove() {
      meta = null;
      whole = false;
      last = db.clearMeta().then(
        () => true,
        () => false,
      );
    },
    failure: () => failure,
  };
}
