/**
 * Team mode's tasks in this browser (docs/decisions/0027-team-replica-in-indexeddb.md): the list is
 * read once from IndexedDB (./replica-db.ts) into memory for the screens, and every write stores only
 * the tasks that changed. One tab syncs (Web Locks): it alone holds and writes the engine's bookkeeping.
 * The other tabs store their edits with a mark and tell every tab on a BroadcastChannel; the tab that
 * syncs records them (also the marks left while no tab synced), and its status is shown by all.
 *
 * A browser that synced with `tasks` and `tasklane.sync` in localStorage moves both here once, with the
 * changes that waited, and the keys go.
 */
import { getLocalStorage } from '@/lib/storage/local-store';
import { createMemoryTaskList, type TaskListChange } from '@/lib/storage/memory-task-list';
import {
  applyTasksFromOtherTab,
  recordTasksChangedElsewhere,
  setTaskListBackend,
  tasksStore,
} from '@/lib/storage/tasks';
import type { Task } from '@/lib/tasks/task-types';
import { browserEnvironment, startTeamSync, type TeamSyncOptions } from '../client';
import { bringBackArchivedTask, setArchiveControls } from '../archive-controls';
import type { PulledTask } from '../protocol';
import { readMeta, type SyncMeta } from '../replica';
import {
  getSyncControls,
  publishSyncStatus,
  setSyncControls,
  syncStatusStore,
  type SyncControls,
  type SyncStatus,
} from '../status-store';
import { storageFailureMessage, type StorageFailure } from '../status-text';
import { SYNC_META_KEY } from '../storage-keys';
import { markTeamLoad, TEAM_LOAD_MARKS } from '../team-load-marks';
import { publishTeamListState } from '../team-list-status';
import { runWhenLeader } from './leader';
import { createIdbMetaStore, isQuotaError } from './meta-store';
import { openReplicaDb, replicaDbOf, type ReplicaDb, type ReplicaWrite, type TaskMark } from './replica-db';
import { takeEarlyRead } from './replica-open';

const CHANNEL_NAME = 'tasklane-team';
const LEGACY_TASKS_KEY = 'tasks';
/** How long a tab that does not sync waits for the one that does to send before a logout. */
const LOGOUT_SEND_TIMEOUT_MS = 10_000;

type Message =
  | { t: 'tasks'; change: TaskListChange; edit: boolean }
  | { t: 'status'; status: SyncStatus }
  | { t: 'status?' }
  | { t: 'retry' }
  | { t: 'answer'; choice: 'upload' | 'keep' }
  | { t: 'send'; id: string }
  | { t: 'sent'; id: string; unsent: number }
  | { t: 'logout'; id: string }
  | { t: 'bring-back'; row: PulledTask }
  | { t: 'logged-out'; id: string };

export type TeamReplicaOptions = Pick<TeamSyncOptions, 'userId' | 'getToken' | 'onNotice'>;

/** What a legacy browser held in localStorage, parsed, or null when there is nothing to move. */
function readLegacy(): { tasks: Task[]; meta: SyncMeta | null } | null {
  const storage = getLocalStorage();
  if (!storage) return null;
  let rawMeta: string | null = null;
  let hasTasks = false;
  try {
    rawMeta = storage.getItem(SYNC_META_KEY);
    hasTasks = storage.getItem(LEGACY_TASKS_KEY) !== null;
  } catch {
    return null;
  }
  if (rawMeta === null && !hasTasks) return null;
  let meta: SyncMeta | null = null;
  try {
    meta = rawMeta === null ? null : readMeta(JSON.parse(rawMeta));
  } catch {
    meta = null;
  }
  // Read through the `tasks` key's own store: its lenient rules (invalid items kept aside) apply.
  return { tasks: hasTasks ? tasksStore.read().slice() : [], meta };
}

function removeLegacyKeys(): void {
  const storage = getLocalStorage();
  for (const key of [LEGACY_TASKS_KEY, SYNC_META_KEY]) {
    try {
      storage?.removeItem(key);
    } catch {
      // Nothing more can be done: the copy in IndexedDB is the one read from now on.
    }
  }
}

/**
 * Moves a legacy replica into the database: its tasks (a task of the same id there is replaced),
 * and its bookkeeping when the database has none (then nothing is lost: the outbox and the
 * unsent changes come along). A task moved without its bookkeeping is marked, so the tab that
 * syncs compares it with what it knows. Returns whether the engine must compare every task once.
 */
async function migrateLegacy(
  db: ReplicaDb,
  stored: { tasks: Task[]; hasMeta: boolean },
): Promise<{ tasks: Task[]; fullDiff: boolean }> {
  const legacy = readLegacy();
  if (!legacy) return { tasks: stored.tasks, fullDiff: false };
  const takeMeta = !stored.hasMeta && legacy.meta !== null;
  const marks: TaskMark[] = takeMeta
    ? []
    : legacy.tasks.map((task) => ({ id: task.id, uid: typeof task.uid === 'string' ? task.uid : '' }));
  await db.write({
    putTasks: legacy.tasks,
    ...(takeMeta ? { meta: legacy.meta!, wholeMeta: true } : {}),
    addMarks: marks,
  });
  removeLegacyKeys();
  const moved = new Map(legacy.tasks.map((task) => [task.id, task]));
  const tasks = stored.tasks.filter((task) => !moved.has(task.id)).concat(legacy.tasks);
  tasks.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { tasks, fullDiff: takeMeta };
}

/**
 * Opens team mode's store, moves the list into memory for the screens, and syncs from the tab that
 * holds the lock. Returns its stop (the page leaves, or another user signs in).
 */
export function startTeamReplica(options: TeamReplicaOptions): () => void {
  let stopped = false;
  let stopEngine: (() => void) | null = null;
  let releaseLock: (() => void) | null = null;
  let leader = false;
  let db: ReplicaDb | null = null;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  const waiting = new Map<string, (unsent: number) => void>();
  let unsubscribeStatus: (() => void) | null = null;

  const post = (message: Message) => channel?.postMessage(message);

  /** Writes not yet stored: a logout waits for them before the page leaves. */
  const inFlight = new Set<Promise<unknown>>();
  function track<T>(write: Promise<T>): Promise<T> {
    inFlight.add(write);
    const done = () => inFlight.delete(write);
    write.then(done, done);
    return write;
  }
  const settled = () => Promise.allSettled([...inFlight]).then(() => undefined);

  /** A write refused by storage: the engine stops, or (in a tab that does not sync) the status says so. */
  function refused(failure: StorageFailure): void {
    storageFailure = failure;
    const controls = getSyncControls();
    if (leader && controls?.storageRefused) {
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
  let storageFailure: StorageFailure | null = null;

  function persist(change: TaskListChange): void {
    if (!db) return;
    // A tab that does not sync marks its edits for the one that does (in case it never hears).
    const marks = leader ? [] : markOf(change);
    track(db.write({ putTasks: change.put, deleteTaskIds: change.del, addMarks: marks })).then(
      () => undefined,
      (error: unknown) => refused(isQuotaError(error) ? 'full' : 'unavailable'),
    );
    post({ t: 'tasks', change, edit: !leader });
  }

  /** The marks of a change: each put task's identity; a deleted one's is the one the list last had. */
  const known = new Map<string, string>();
  function markOf(change: TaskListChange): TaskMark[] {
    const marks: TaskMark[] = [];
    for (const task of change.put)
      marks.push({ id: task.id, uid: typeof task.uid === 'string' ? task.uid : '' });
    for (const id of change.del) marks.push({ id, uid: known.get(id) ?? '' });
    return marks;
  }
  function remember(tasks: readonly Task[]): void {
    for (const task of tasks) if (typeof task.uid === 'string') known.set(task.id, task.uid);
  }

  function onMessage(event: MessageEvent<Message>): void {
    const message = event.data;
    if (stopped || !message || typeof message !== 'object') return;
    switch (message.t) {
      case 'tasks':
        applyTasksFromOtherTab(message.change, message.edit && leader);
        // Taking over: the bookkeeping's read may have begun before that tab stored its marks.
        if (message.edit && !leader && takingOver) takingOver.push(...markOf(message.change));
        remember(message.change.put);
        if (leader && message.edit && db) {
          // Recorded by the engine (its bookkeeping is written first): the marks can go.
          const ids = [...message.change.put.map((task) => task.id), ...message.change.del];
          void db.write({ deleteMarks: ids }).catch(() => undefined);
        }
        return;
      case 'status':
        if (!leader) publishSyncStatus(message.status);
        return;
      case 'status?':
        if (leader) post({ t: 'status', status: syncStatusStore.getSnapshot() });
        return;
      case 'sent':
      case 'logged-out':
        waiting.get(message.id)?.(message.t === 'sent' ? message.unsent : 0);
        waiting.delete(message.id);
        return;
      default:
        if (leader) void leaderControl(message);
    }
  }

  /** What another tab asked of the one that syncs. */
  async function leaderControl(message: Message): Promise<void> {
    const controls = getSyncControls();
    if (!controls || controls === followerControls) return;
    if (message.t === 'retry') controls.retry();
    else if (message.t === 'answer') controls.answerFirstSync(message.choice);
    else if (message.t === 'send')
      post({ t: 'sent', id: message.id, unsent: await controls.sendForLogout() });
    else if (message.t === 'bring-back') bringBackArchivedTask(message.row);
    else if (message.t === 'logout') {
      await controls.clearForLogout();
      post({ t: 'logged-out', id: message.id });
    }
  }

  /** Asks the tab that syncs; resolves to its answer, or to `fallback()` when none comes in time. */
  function ask(message: (id: string) => Message, fallback: () => number | Promise<number>): Promise<number> {
    return new Promise<number>((resolve) => {
      const id = Math.random().toString(36).slice(2);
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(fallback());
      }, LOGOUT_SEND_TIMEOUT_MS);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      post(message(id));
    });
  }

  /**
   * After storage refused a write: every task this tab holds is stored again (some of its writes may
   * be missing). Resolves to whether storage took them; true at once when nothing was refused.
   */
  async function storeAllTasks(): Promise<boolean> {
    if (!storageFailure || !db) return true;
    try {
      await track(db.write({ putTasks: tasksStore.read() }));
      storageFailure = null;
      return true;
    } catch (error) {
      refused(isQuotaError(error) ? 'full' : 'unavailable');
      return false;
    }
  }

  /** The controls of a tab that does not sync: each is asked of the one that does. */
  const followerControls: SyncControls = {
    retry: () => {
      void storeAllTasks().then((stored) => {
        if (!stored) return;
        post({ t: 'retry' });
        post({ t: 'status?' });
      });
    },
    answerFirstSync: (choice) => post({ t: 'answer', choice }),
    sendForLogout: () =>
      ask(
        (id) => ({ t: 'send', id }),
        () => syncStatusStore.getSnapshot().pending,
      ),
    clearForLogout: async () => {
      // The tab that syncs clears (it holds the bookkeeping); without an answer, this tab does.
      await ask(
        (id) => ({ t: 'logout', id }),
        async () => {
          await clearHere();
          return 0;
        },
      );
      stop();
    },
  };

  /** A logout's clearing without the engine: the team's tasks and the bookkeeping leave the store. */
  async function clearHere(): Promise<void> {
    if (!db) return;
    const teamIds = tasksStore
      .read()
      .filter((task) => typeof task.uid === 'string')
      .map((task) => task.id);
    await Promise.allSettled([db.write({ deleteTaskIds: teamIds }), db.clearMeta()]);
  }

  /** Marks of the edits other tabs told of while this tab, holding the lock, read the bookkeeping. */
  let takingOver: TaskMark[] | null = null;

  async function becomeLeader(fullDiff: boolean): Promise<void> {
    if (!db || stopped) return;
    const told: TaskMark[] = (takingOver = []);
    let loaded: Awaited<ReturnType<ReplicaDb['loadMeta']>>;
    try {
      loaded = await db.loadMeta();
    } finally {
      takingOver = null;
    }
    const { meta } = loaded;
    const marks = [...new Map([...loaded.marks, ...told].map((mark) => [mark.id, mark])).values()];
    if (stopped) return;
    leader = true;
    const store = db;
    const tracked = {
      write: (change: ReplicaWrite) => track(store.write(change)),
      clearMeta: () => track(store.clearMeta()),
    };
    const metaStore = createIdbMetaStore(meta, tracked, (failure) => refused(failure));
    stopEngine = startTeamSync({
      ...options,
      metaStore,
      fullDiffAtStart: fullDiff,
      environment: { ...browserEnvironment(), requestLock: null },
    });
    // The engine's logout, waiting until what it removed is stored (the page leaves right after).
    const engine = getSyncControls();
    if (engine) {
      setSyncControls({
        ...engine,
        // After a refused write, the tasks go again too (the engine writes its bookkeeping again).
        retry: () => {
          void storeAllTasks().then((stored) => {
            if (stored) engine.retry();
          });
        },
        clearForLogout: async () => {
          await engine.clearForLogout();
          await settled();
        },
      });
    }
    if (storageFailure) refused(storageFailure);
    // Edits other tabs made while no tab synced: recorded now, as this device's.
    if (marks.length > 0) {
      const current = tasksStore.read();
      const byId = new Set(marks.map((mark) => mark.id));
      const previous: Task[] = current.map((task) =>
        byId.has(task.id) ? ({ ...task, id: task.id } as Task) : task,
      );
      const present = new Set(current.map((task) => task.id));
      for (const mark of marks) {
        if (!present.has(mark.id) && mark.uid !== '')
          previous.push({ id: mark.id, uid: mark.uid } as unknown as Task);
      }
      recordTasksChangedElsewhere(previous);
      void db.write({ deleteMarks: marks.map((mark) => mark.id) }).catch(() => undefined);
    }
    unsubscribeStatus = syncStatusStore.subscribe(() =>
      post({ t: 'status', status: syncStatusStore.getSnapshot() }),
    );
    post({ t: 'status', status: syncStatusStore.getSnapshot() });
  }

  async function boot(): Promise<void> {
    // The workspace started the read as it rendered (./replica-open.ts); otherwise it starts now.
    const early = takeEarlyRead();
    try {
      db = early ? replicaDbOf(await early.db) : await openReplicaDb();
      markTeamLoad(TEAM_LOAD_MARKS.dbOpen);
    } catch {
      db = null;
    }
    if (stopped) {
      db?.close();
      return;
    }
    let tasks: Task[] = [];
    let fullDiff = false;
    if (db) {
      try {
        const stored = await (early?.stored ?? db.loadTasks());
        markTeamLoad(TEAM_LOAD_MARKS.tasksRead);
        ({ tasks, fullDiff } = await migrateLegacy(db, stored));
        if (!fullDiff && !stored.hasMeta && tasks.length > 0) fullDiff = true;
      } catch (error) {
        refused(isQuotaError(error) ? 'full' : 'unavailable');
      }
    }
    if (stopped) return;
    remember(tasks);
    const list = createMemoryTaskList(LEGACY_TASKS_KEY, tasks, (change) => {
      remember(change.put);
      persist(change);
    });
    setTaskListBackend(list);
    publishTeamListState('ready');
    markTeamLoad(TEAM_LOAD_MARKS.ready);
    if (!db) {
      refused('unavailable');
      return;
    }
    channel?.addEventListener('message', onMessage);
    setSyncControls(followerControls);
    // An archived task opened here joins the list through the tab that syncs (it broadcasts it).
    setArchiveControls({
      bringBack: (row) => {
        post({ t: 'bring-back', row });
        return row.uid;
      },
    });
    post({ t: 'status?' });
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    releaseLock = runWhenLeader(
      locks ? (name, callback) => locks.request(name, callback) : null,
      () => stopped,
      () => void becomeLeader(fullDiff),
    );
  }

  function stop(): void {
    if (stopped) return;
    stopped = true;
    stopEngine?.();
    unsubscribeStatus?.();
    channel?.removeEventListener('message', onMessage);
    channel?.close();
    releaseLock?.();
    db?.close();
    setTaskListBackend(null);
    publishTeamListState('loading');
    setSyncControls(null);
    setArchiveControls(null);
  }

  void boot();
  return stop;
}
