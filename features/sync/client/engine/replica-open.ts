/**
 * Opening team mode's IndexedDB database and reading its tasks: the part of ./replica-db.ts a page
 * needs before it can show the team's tasks, small enough to ship with the workspace's first code,
 * so that the read starts while the page renders and the sync engine's code downloads
 * (`readTeamTasksEarly`), not after both. The browser's own API here, not idb's wrapper: this module
 * is in every workspace page's first code, in the default mode too; ./replica-db.ts wraps the
 * database it opens.
 */
import type { DBSchema } from 'idb';
import type { Task } from '@/features/tasks/model/task-types';
import type { SyncMeta } from '../replica';

export const REPLICA_DB_NAME = 'tasklane-team';
const REPLICA_DB_VERSION = 1;
export const STATE_KEY = 'meta';
export const REPLICA_STORES = ['tasks', 'synced', 'dirty', 'state', 'marks'] as const;

type SyncedEntry = SyncMeta['tasks'][string];
type DirtyEntry = SyncMeta['dirty'][string];
/** The metadata without its per-task maps. */
export type MetaState = Omit<SyncMeta, 'tasks' | 'dirty'>;

export interface ReplicaSchema extends DBSchema {
  /** The team's tasks on this device, by the screens' `id`. */
  tasks: { key: string; value: Task };
  synced: { key: string; value: SyncedEntry };
  dirty: { key: string; value: DirtyEntry };
  state: { key: string; value: MetaState };
  /**
   * Tasks changed by a tab that was not recording, by id, each with the sync identity it had ('' for
   * none): the tab that syncs records them, also after a restart.
   */
  marks: { key: string; value: string };
}

/** What a page reads before it shows the team's tasks. */
export interface StoredTasks {
  tasks: Task[];
  /** Whether the engine's bookkeeping is stored. */
  hasMeta: boolean;
}

/** Opens (and on first use creates) the database with the stores of `ReplicaSchema`. */
export function openReplicaIdb(name: string = REPLICA_DB_NAME): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, REPLICA_DB_VERSION);
    request.onupgradeneeded = () => {
      const database = request.result;
      for (const store of REPLICA_STORES) {
        if (!database.objectStoreNames.contains(store)) database.createObjectStore(store);
      }
    };
    request.onsuccess = () => {
      const database = request.result;
      // A newer version of the app wants to upgrade the database: let it.
      database.onversionchange = () => database.close();
      resolve(database);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused to open.'));
  });
}

export function readStoredTasks(db: IDBDatabase): Promise<StoredTasks> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(['tasks', 'state'], 'readonly');
    let tasks: Task[] = [];
    readInBatches<Task>(tx.objectStore('tasks'), (read) => (tasks = read.values));
    const states = tx.objectStore('state').count();
    tx.oncomplete = () => resolve({ tasks, hasMeta: states.result > 0 });
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB refused the read.'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB aborted the read.'));
  });
}

/**
 * Records read per request by `readInBatches`: each batch's values are copied out of the database in
 * a task of their own, so a click is handled between two batches rather than after one read of every
 * record (50,000 tasks: about 100 ms in one task, issue 38).
 */
export const READ_BATCH = 2000;

/**
 * Every key and value of `store` in key order, `READ_BATCH` at a time, inside the store's
 * transaction (each batch's requests are made as the one before succeeds, so it stays active);
 * `done` gets them after the last batch. Errors reach the transaction's `onerror`.
 */
export function readInBatches<T>(
  store: IDBObjectStore,
  done: (read: { keys: IDBValidKey[]; values: T[] }) => void,
): void {
  const keys: IDBValidKey[] = [];
  const values: T[] = [];
  const next = (range: IDBKeyRange | undefined) => {
    const batchKeys = store.getAllKeys(range, READ_BATCH);
    const batchValues = store.getAll(range, READ_BATCH);
    // Requests on one store succeed in the order they were made: the keys are in by now.
    batchValues.onsuccess = () => {
      for (const key of batchKeys.result) keys.push(key);
      for (const value of batchValues.result as T[]) values.push(value);
      const last = batchKeys.result.at(-1);
      if (batchKeys.result.length < READ_BATCH || last === undefined) done({ keys, values });
      else next(IDBKeyRange.lowerBound(last, true));
    };
  };
  next(undefined);
}

/** A read started early: the database, then its tasks (each settles on its own, errors included). */
export interface EarlyRead {
  db: Promise<IDBDatabase>;
  stored: Promise<StoredTasks>;
}

let early: EarlyRead | null = null;
/** Once per page: a later render must not start a read that no one would take. */
let startedEarly = false;

/**
 * Starts opening the database and reading the tasks now (team mode's workspace, as it first renders);
 * features/sync/client/engine/team-replica.ts takes the result with `takeEarlyRead`. Once per page (a replica
 * started later, after a logout and a sign-in, opens the database itself); nothing happens outside a
 * browser.
 */
export function readTeamTasksEarly(): void {
  if (startedEarly || typeof indexedDB === 'undefined') return;
  startedEarly = true;
  const db = openReplicaIdb();
  const stored = db.then(readStoredTasks);
  // The taker handles the errors; until then they are not unhandled rejections.
  db.catch(() => {});
  stored.catch(() => {});
  early = { db, stored };
}

/** The early read, once (null when none was started, or it was taken). */
export function takeEarlyRead(): EarlyRead | null {
  const read = early;
  early = null;
  return read;
}
