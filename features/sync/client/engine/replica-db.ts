/**
 * Team mode's replica in IndexedDB (docs/decisions/0027-team-replica-in-indexeddb.md): one record per
 * task, one per task the engine has pulled (`synced`) and per task with unsent changes (`dirty`), the
 * engine's small state in one record, and marks for tasks a tab changed without recording the change.
 * A page reads everything once (`load`) and from then on writes only the records that changed, each
 * `write` one transaction. IndexedDB runs transactions on the same stores in the order they were made,
 * so writes made one after another land in that order, across tabs too.
 */
import { unwrap, wrap, type IDBPDatabase } from 'idb';
import type { Task } from '@/features/tasks/model/task-types';
import { readMeta, takeTouched, type SyncMeta } from '../replica';
import {
  openReplicaIdb,
  readInBatches,
  readStoredTasks,
  REPLICA_DB_NAME,
  REPLICA_STORES as STORES,
  STATE_KEY,
  type ReplicaSchema,
  type StoredTasks,
} from './replica-open';

export { REPLICA_DB_NAME };

type SyncedEntry = SyncMeta['tasks'][string];

export interface ReplicaSnapshot {
  tasks: Task[];
  /** Null when no replica was saved, or it is not one this version reads. */
  meta: SyncMeta | null;
  marks: TaskMark[];
}

/** A task another tab changed (or deleted), and the sync identity it had. */
export interface TaskMark {
  id: string;
  uid: string;
}

/** One transaction's worth of changes. */
export interface ReplicaWrite {
  putTasks?: readonly Task[];
  deleteTaskIds?: readonly string[];
  /** The metadata to save: its state, and the per-task entries `takeTouched` names. */
  meta?: SyncMeta;
  /** Every per-task entry is written (a new or replaced replica), not only the touched ones. */
  wholeMeta?: boolean;
  addMarks?: readonly TaskMark[];
  deleteMarks?: readonly string[];
}

export interface ReplicaDb {
  load(): Promise<ReplicaSnapshot>;
  /** The tasks alone, and whether bookkeeping is stored (what a page needs before it shows them). */
  loadTasks(): Promise<StoredTasks>;
  /** The bookkeeping alone (a tab that starts to sync reads it afresh: another tab synced before). */
  loadMeta(): Promise<Omit<ReplicaSnapshot, 'tasks'>>;
  /** Rejects with the browser's error (QuotaExceededError when storage is full). */
  write(change: ReplicaWrite): Promise<void>;
  /** Removes the engine's bookkeeping (a logout; the tasks leave through the list). */
  clearMeta(): Promise<void>;
  close(): void;
}

export async function openReplicaDb(name: string = REPLICA_DB_NAME): Promise<ReplicaDb> {
  return replicaDbOf(await openReplicaIdb(name));
}

/** The replica's reads and writes on a database already open (./replica-open.ts). */
export function replicaDbOf(raw: IDBDatabase): ReplicaDb {
  const db = wrap(raw) as unknown as IDBPDatabase<ReplicaSchema>;
  async function load(): Promise<ReplicaSnapshot> {
    const [tasks, rest] = await Promise.all([db.getAll('tasks'), loadMeta()]);
    return { tasks, ...rest };
  }

  const loadTasks = () => readStoredTasks(raw);

  async function loadMeta(): Promise<Omit<ReplicaSnapshot, 'tasks'>> {
    const tx = db.transaction(['synced', 'dirty', 'state', 'marks'], 'readonly');
    // One synced entry per task: read in batches, so that input is handled between them.
    let synced: { keys: IDBValidKey[]; values: SyncedEntry[] } = { keys: [], values: [] };
    readInBatches<SyncedEntry>(unwrap(tx.objectStore('synced')), (read) => (synced = read));
    const [dirtyKeys, dirty, state, markIds, markUids] = await Promise.all([
      tx.objectStore('dirty').getAllKeys(),
      tx.objectStore('dirty').getAll(),
      tx.objectStore('state').get(STATE_KEY),
      tx.objectStore('marks').getAllKeys(),
      tx.objectStore('marks').getAll(),
    ]);
    await tx.done;
    const marks = markIds.map((id, index) => ({ id, uid: markUids[index] ?? '' }));
    let meta: SyncMeta | null = null;
    if (state) {
      const tasks: SyncMeta['tasks'] = {};
      synced.keys.forEach((key, index) => (tasks[String(key)] = synced.values[index]!));
      meta = readMeta({
        ...state,
        tasks,
        dirty: Object.fromEntries(dirtyKeys.map((key, index) => [key, dirty[index]])),
      });
    }
    return { meta, marks };
  }

  function write(change: ReplicaWrite): Promise<void> {
    const tx = db.transaction(STORES, 'readwrite');
    // The browser's own stores, not idb's wrappers: a wrapped put makes a promise and two listeners
    // per request, which cost more than the put itself for thousands of records (profiled: 1.4 s of
    // 8.6 s at the first sync of 5,000 tasks). The transaction's `done` reports every request's error.
    const raw = (name: (typeof STORES)[number]): IDBObjectStore => unwrap(tx.objectStore(name));
    const tasks = raw('tasks');
    for (const task of change.putTasks ?? []) tasks.put(task, task.id);
    for (const id of change.deleteTaskIds ?? []) tasks.delete(id);
    if (change.meta) {
      const meta = change.meta;
      const touched = takeTouched(meta);
      const synced = raw('synced');
      const dirty = raw('dirty');
      if (touched === 'all' || change.wholeMeta) {
        synced.clear();
        dirty.clear();
        for (const [uid, entry] of Object.entries(meta.tasks)) synced.put(entry, uid);
        for (const [uid, entry] of Object.entries(meta.dirty)) dirty.put(entry, uid);
      } else {
        for (const uid of touched) {
          const entry = meta.tasks[uid];
          if (entry) synced.put(entry, uid);
          else synced.delete(uid);
          const pending = meta.dirty[uid];
          if (pending) dirty.put(pending, uid);
          else dirty.delete(uid);
        }
      }
      const { tasks: _tasks, dirty: _dirty, ...state } = meta;
      raw('state').put(state, STATE_KEY);
    }
    const marks = raw('marks');
    for (const mark of change.addMarks ?? []) marks.put(mark.uid, mark.id);
    for (const id of change.deleteMarks ?? []) marks.delete(id);
    return tx.done;
  }

  async function clearMeta(): Promise<void> {
    const tx = db.transaction(['synced', 'dirty', 'state', 'marks'], 'readwrite');
    for (const store of ['synced', 'dirty', 'state', 'marks'] as const) void tx.objectStore(store).clear();
    await tx.done;
  }

  return { load, loadTasks, loadMeta, write, clearMeta, close: () => db.close() };
}
