/**
 * A tab of the team replica that gets the sync lock takes over the sync (./team-replica.ts): it reads
 * the bookkeeping afresh (another tab synced before), starts the engine on it, records the edits
 * other tabs marked while no tab synced, and tells every tab its status from then on.
 */
import type { Task } from '@/features/tasks/model/task-types';
import { recordTasksChangedElsewhere, tasksStore } from '@/features/tasks/client/tasks';
import { browserEnvironment, startTeamSync } from '../client';
import type { SyncMeta } from '../replica';
import { getSyncControls, setSyncControls, syncStatusStore } from '../status-store';
import { createIdbMetaStore } from './meta-store';
import type { TeamReplicaOptions } from './ports';
import type { ReplicaDb, ReplicaWrite, TaskMark } from './replica-db';
import type { ReplicaWrites } from './replica-writes';
import type { TabMessage } from './tab-channel';

/** The tab's state the takeover reads and sets (./team-replica.ts holds it). */
export interface LeaderState {
  stopped: boolean;
  /** This tab syncs; set before the engine starts, so the list's writes from then on carry no marks. */
  leader: boolean;
  /** Marks of the edits other tabs told of while this tab, holding the lock, read the bookkeeping. */
  takingOver: TaskMark[] | null;
  stopEngine: (() => void) | null;
  unsubscribeStatus: (() => void) | null;
}

export interface TakeoverParts {
  db: ReplicaDb;
  options: TeamReplicaOptions;
  writes: ReplicaWrites;
  post: (message: TabMessage) => void;
}

/** The stored marks and those told meanwhile, one per task (the one told last wins). */
export function mergeMarks(stored: readonly TaskMark[], told: readonly TaskMark[]): TaskMark[] {
  return [...new Map([...stored, ...told].map((mark) => [mark.id, mark])).values()];
}

/**
 * The list as the engine is to think it was before the marked edits: each marked task another object
 * (so it is compared with the bookkeeping), and a marked task no longer here back as its identity
 * (so its delete is recorded).
 */
export function listBeforeMarks(current: readonly Task[], marks: readonly TaskMark[]): Task[] {
  const byId = new Set(marks.map((mark) => mark.id));
  const previous: Task[] = current.map((task) =>
    byId.has(task.id) ? ({ ...task, id: task.id } as Task) : task,
  );
  const present = new Set(current.map((task) => task.id));
  for (const mark of marks) {
    if (!present.has(mark.id) && mark.uid !== '')
      previous.push({ id: mark.id, uid: mark.uid } as unknown as Task);
  }
  return previous;
}

/** Reads the bookkeeping; the edits other tabs tell of meanwhile are marked with those stored. */
async function loadBookkeeping(
  tab: LeaderState,
  db: ReplicaDb,
): Promise<{ meta: SyncMeta | null; marks: TaskMark[] }> {
  const told: TaskMark[] = (tab.takingOver = []);
  let loaded: Awaited<ReturnType<ReplicaDb['loadMeta']>>;
  try {
    loaded = await db.loadMeta();
  } finally {
    tab.takingOver = null;
  }
  return { meta: loaded.meta, marks: mergeMarks(loaded.marks, told) };
}

/** Starts the engine on the bookkeeping read, its writes tracked; returns its stop. */
function startEngine(parts: TakeoverParts, meta: SyncMeta | null, fullDiff: boolean): () => void {
  const { db, writes } = parts;
  const tracked = {
    write: (change: ReplicaWrite) => writes.track(db.write(change)),
    clearMeta: () => writes.track(db.clearMeta()),
  };
  const metaStore = createIdbMetaStore(meta, tracked, (failure) => writes.refused(failure));
  return startTeamSync({
    ...parts.options,
    metaStore,
    fullDiffAtStart: fullDiff,
    environment: { ...browserEnvironment(), requestLock: null },
  });
}

/**
 * The engine's controls, with the replica's part: after a refused write its retry stores the tasks
 * again too (the engine writes its bookkeeping again), and its logout waits until what it removed is
 * stored (the page leaves right after).
 */
function wrapEngineControls(writes: ReplicaWrites): void {
  const engine = getSyncControls();
  if (!engine) return;
  setSyncControls({
    ...engine,
    retry: () => {
      void writes.storeAllTasks().then((stored) => {
        if (stored) engine.retry();
      });
    },
    clearForLogout: async () => {
      await engine.clearForLogout();
      await writes.settled();
    },
  });
}

/** Edits other tabs made while no tab synced: recorded now, as this device's; their marks go. */
function replayMarks(db: ReplicaDb, marks: readonly TaskMark[]): void {
  if (marks.length === 0) return;
  recordTasksChangedElsewhere(listBeforeMarks(tasksStore.read(), marks));
  void db.write({ deleteMarks: marks.map((mark) => mark.id) }).catch(() => undefined);
}

/** Tells every tab this tab's status, now and at each change; returns the end of it. */
function relayStatus(post: (message: TabMessage) => void): () => void {
  const unsubscribe = syncStatusStore.subscribe(() =>
    post({ t: 'status', status: syncStatusStore.getSnapshot() }),
  );
  post({ t: 'status', status: syncStatusStore.getSnapshot() });
  return unsubscribe;
}

/** This tab got the sync lock: it syncs from now on (nothing when it stopped meanwhile). */
export async function becomeLeader(tab: LeaderState, parts: TakeoverParts, fullDiff: boolean): Promise<void> {
  if (tab.stopped) return;
  const { meta, marks } = await loadBookkeeping(tab, parts.db);
  if (tab.stopped) return;
  tab.leader = true;
  tab.stopEngine = startEngine(parts, meta, fullDiff);
  wrapEngineControls(parts.writes);
  const failure = parts.writes.storageFailure();
  if (failure) parts.writes.refused(failure);
  replayMarks(parts.db, marks);
  tab.unsubscribeStatus = relayStatus(parts.post);
}
