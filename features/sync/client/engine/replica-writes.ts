/**
 * The team replica's writes to its IndexedDB store (./team-replica.ts): each change of the list is
 * stored and told to the other tabs; a tab that does not sync also marks it for the one that does
 * (in case that one never hears). Writes not yet stored are tracked (a logout waits for them), and a
 * write storage refuses stops the sync until every task is stored again.
 */
import type { TaskListChange } from '@/features/tasks/client/memory-task-list';
import { tasksStore } from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import { getSyncControls, publishSyncStatus, syncStatusStore } from '../status-store';
import { storageFailureMessage, type StorageFailure } from '../../model/status-text';
import { isQuotaError } from './meta-store';
import type { ReplicaDb, TaskMark } from './replica-db';
import type { TabMessage } from './tab-channel';

export interface ReplicaWrites {
  /** Counts `write` as not yet stored until it settles; returns it. */
  track<T>(write: Promise<T>): Promise<T>;
  /** Resolves once every write tracked so far has settled. */
  settled(): Promise<void>;
  /** A write refused by storage: the engine stops, or (in a tab that does not sync) the status says so. */
  refused(failure: StorageFailure): void;
  /** The last refusal, until every task was stored again. */
  storageFailure(): StorageFailure | null;
  /** Stores a change of the list and tells the other tabs. */
  persist(change: TaskListChange): void;
  /** The marks of a change: each put task's identity; a deleted one's is the one the list last had. */
  markOf(change: TaskListChange): TaskMark[];
  /** Keeps the sync identity of `tasks`, for the mark of their delete. */
  remember(tasks: readonly Task[]): void;
  /**
   * After storage refused a write: every task this tab holds is stored again (some of its writes may
   * be missing). Resolves to whether storage took them; true at once when nothing was refused.
   */
  storeAllTasks(): Promise<boolean>;
}

/** What a failed write says about storage. */
export function storageFailureOf(error: unknown): StorageFailure {
  return isQuotaError(error) ? 'full' : 'unavailable';
}

/** The mark of a task: its id and its sync identity ('' when it has none). */
export function markOfTask(task: Task): TaskMark {
  return { id: task.id, uid: typeof task.uid === 'string' ? task.uid : '' };
}

export function createReplicaWrites(ports: {
  /** The store, once open (null: none, or not yet). */
  db: () => ReplicaDb | null;
  /** This tab syncs (its writes then carry no marks: the engine records them). */
  isLeader: () => boolean;
  post: (message: TabMessage) => void;
}): ReplicaWrites {
  const inFlight = new Set<Promise<unknown>>();
  let storageFailure: StorageFailure | null = null;
  const known = new Map<string, string>();

  function track<T>(write: Promise<T>): Promise<T> {
    inFlight.add(write);
    const done = () => inFlight.delete(write);
    write.then(done, done);
    return write;
  }

  function refused(failure: StorageFailure): void {
    storageFailure = failure;
    const controls = getSyncControls();
    if (ports.isLeader() && controls?.storageRefused) {
      controls.storageRefused(failure);
      return;
    }
    publishSyncStatus({
      state: 'stopped',
      pending: syncStatusStore.getSnapshot().pending,
      storage: failure,
      message: storageFailureMessage(failure),
    });
  }

  function markOf(change: TaskListChange): TaskMark[] {
    const marks = change.put.map(markOfTask);
    for (const id of change.del) marks.push({ id, uid: known.get(id) ?? '' });
    return marks;
  }

  return {
    track,
    settled: () => Promise.allSettled([...inFlight]).then(() => undefined),
    refused,
    storageFailure: () => storageFailure,
    persist(change) {
      const db = ports.db();
      if (!db) return;
      const leader = ports.isLeader();
      const marks = leader ? [] : markOf(change);
      track(db.write({ putTasks: change.put, deleteTaskIds: change.del, addMarks: marks })).then(
        () => undefined,
        (error: unknown) => refused(storageFailureOf(error)),
      );
      ports.post({ t: 'tasks', change, edit: !leader });
    },
    markOf,
    remember(tasks) {
      for (const task of tasks) if (typeof task.uid === 'string') known.set(task.id, task.uid);
    },
    async storeAllTasks() {
      const db = ports.db();
      if (!storageFailure || !db) return true;
      try {
        await track(db.write({ putTasks: tasksStore.read() }));
        storageFailure = null;
        return true;
      } catch (error) {
        refused(storageFailureOf(error));
        return false;
      }
    },
  };
}
