/**
 * Team mode's tasks in this browser (docs/decisions/0027-team-replica-in-indexeddb.md): the list is
 * read once from IndexedDB (./replica-db.ts) into memory for the screens, and every write stores only
 * the tasks that changed. One tab syncs (Web Locks): it alone holds and writes the engine's bookkeeping.
 * The other tabs store their edits with a mark and tell every tab on a BroadcastChannel; the tab that
 * syncs records them (also the marks left while no tab synced), and its status is shown by all.
 *
 * A browser that synced with `tasks` and `tasklane.sync` in localStorage moves both here once, with the
 * changes that waited, and the keys go (./replica-legacy.ts).
 *
 * This file is the tab's life: its start, the other tabs' messages and its stop. The parts, by job:
 * the channel between tabs (./tab-channel.ts), the store's writes and their failures
 * (./replica-writes.ts), the controls of a tab that does not sync and the answers of the one that
 * does (./replica-follower.ts), and taking over the sync when the lock comes (./replica-takeover.ts).
 */
import { createMemoryTaskList } from '@/features/tasks/client/memory-task-list';
import { applyTasksFromOtherTab, setTaskListBackend } from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import { setArchiveControls } from '../archive-controls';
import { publishSyncStatus, setSyncControls, syncStatusStore, type SyncControls } from '../status-store';
import { markTeamLoad, TEAM_LOAD_MARKS } from '../team-load-marks';
import { publishTeamListState } from '../team-list-status';
import { runWhenLeader } from './leader';
import type { TeamReplicaOptions } from './ports';
import { openReplicaDb, replicaDbOf, type ReplicaDb } from './replica-db';
import { answerFollower, clearHere, createFollowerControls } from './replica-follower';
import { LEGACY_TASKS_KEY, migrateLegacy } from './replica-legacy';
import { takeEarlyRead } from './replica-open';
import { becomeLeader, type LeaderState } from './replica-takeover';
import { createReplicaWrites, storageFailureOf, type ReplicaWrites } from './replica-writes';
import { createTabChannel, type TabChannel, type TabRequest } from './tab-channel';

const CHANNEL_NAME = 'tasklane-team';

/** One tab's replica while it runs: what its boot, the other tabs' messages, the takeover and stop share. */
interface TabState extends LeaderState {
  /** The store, once open (null: none, or not yet). */
  db: ReplicaDb | null;
  releaseLock: (() => void) | null;
}

/** The tab's parts, made once at start. */
interface ReplicaParts {
  options: TeamReplicaOptions;
  channel: TabChannel;
  writes: ReplicaWrites;
  /** This tab's controls while it does not sync (./replica-follower.ts). */
  follower: SyncControls;
}

/**
 * Opens team mode's store, moves the list into memory for the screens, and syncs from the tab that
 * holds the lock. Returns its stop (the page leaves, or another user signs in).
 */
export function startTeamReplica(options: TeamReplicaOptions): () => void {
  const tab: TabState = {
    stopped: false,
    leader: false,
    takingOver: null,
    stopEngine: null,
    unsubscribeStatus: null,
    db: null,
    releaseLock: null,
  };
  const channel = createTabChannel(CHANNEL_NAME);
  const writes = createReplicaWrites({ db: () => tab.db, isLeader: () => tab.leader, post: channel.post });
  const stop = () => stopReplica(tab, channel);
  const follower = createFollowerControls({
    channel,
    storeAllTasks: writes.storeAllTasks,
    clearHere: () => clearHere(tab.db),
    stop,
  });
  void boot(tab, { options, channel, writes, follower });
  return stop;
}

/**
 * Opens the store and reads its tasks (a legacy replica moved in first): the list, and whether the
 * engine must compare every task once. Null when the tab stopped meanwhile.
 */
async function openStore(
  tab: TabState,
  writes: ReplicaWrites,
): Promise<{ tasks: Task[]; fullDiff: boolean } | null> {
  // The workspace started the read as it rendered (./replica-open.ts); otherwise it starts now.
  const early = takeEarlyRead();
  try {
    tab.db = early ? replicaDbOf(await early.db) : await openReplicaDb();
    markTeamLoad(TEAM_LOAD_MARKS.dbOpen);
  } catch {
    tab.db = null;
  }
  if (tab.stopped) {
    tab.db?.close();
    return null;
  }
  let tasks: Task[] = [];
  let fullDiff = false;
  if (tab.db) {
    try {
      const stored = await (early?.stored ?? tab.db.loadTasks());
      markTeamLoad(TEAM_LOAD_MARKS.tasksRead);
      ({ tasks, fullDiff } = await migrateLegacy(tab.db, stored));
      if (!fullDiff && !stored.hasMeta && tasks.length > 0) fullDiff = true;
    } catch (error) {
      writes.refused(storageFailureOf(error));
    }
  }
  return tab.stopped ? null : { tasks, fullDiff };
}

async function boot(tab: TabState, parts: ReplicaParts): Promise<void> {
  const { channel, writes } = parts;
  const opened = await openStore(tab, writes);
  if (!opened) return;
  writes.remember(opened.tasks);
  const list = createMemoryTaskList(LEGACY_TASKS_KEY, opened.tasks, (change) => {
    writes.remember(change.put);
    writes.persist(change);
  });
  setTaskListBackend(list);
  publishTeamListState('ready');
  markTeamLoad(TEAM_LOAD_MARKS.ready);
  const db = tab.db;
  if (!db) {
    writes.refused('unavailable');
    return;
  }
  channel.subscribe((message) => onMessage(tab, parts, message));
  setSyncControls(parts.follower);
  // An archived task opened here joins the list through the tab that syncs (it broadcasts it).
  setArchiveControls({
    bringBack: (row) => {
      channel.post({ t: 'bring-back', row });
      return row.uid;
    },
  });
  channel.post({ t: 'status?' });
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const takeover = { db, options: parts.options, writes, post: channel.post };
  tab.releaseLock = runWhenLeader(
    locks ? (name, callback) => locks.request(name, callback) : null,
    () => tab.stopped,
    () => void becomeLeader(tab, takeover, opened.fullDiff),
  );
}

/** What another tab told or asked. */
function onMessage(tab: TabState, parts: ReplicaParts, message: TabRequest): void {
  const { channel, writes } = parts;
  if (tab.stopped) return;
  switch (message.t) {
    case 'tasks':
      applyTasksFromOtherTab(message.change, message.edit && tab.leader);
      // Taking over: the bookkeeping's read may have begun before that tab stored its marks.
      if (message.edit && !tab.leader && tab.takingOver)
        tab.takingOver.push(...writes.markOf(message.change));
      writes.remember(message.change.put);
      if (tab.leader && message.edit && tab.db) {
        // Recorded by the engine (its bookkeeping is written first): the marks can go.
        const ids = [...message.change.put.map((task) => task.id), ...message.change.del];
        void tab.db.write({ deleteMarks: ids }).catch(() => undefined);
      }
      return;
    case 'status':
      if (!tab.leader) publishSyncStatus(message.status);
      return;
    case 'status?':
      if (tab.leader) channel.post({ t: 'status', status: syncStatusStore.getSnapshot() });
      return;
    default:
      if (tab.leader) void answerFollower(message, parts.follower, channel.post);
  }
}

function stopReplica(tab: TabState, channel: TabChannel): void {
  if (tab.stopped) return;
  tab.stopped = true;
  tab.stopEngine?.();
  tab.unsubscribeStatus?.();
  channel.close();
  tab.releaseLock?.();
  tab.db?.close();
  setTaskListBackend(null);
  publishTeamListState('loading');
  setSyncControls(null);
  setArchiveControls(null);
}
