/**
 * The browser's team-sync engine (docs/decisions/0013-team-sync.md): records local task changes (a
 * hook on every task command, and a diff at start and before each sync), pushes them to
 * `/api/sync/push` and pulls the server's changes from `/api/sync/pull` into `tasks`. The replica's
 * metadata lives under `tasklane.sync` (features/sync/client/replica.ts). One tab per browser does the network
 * work (Web Locks); every tab records its own changes.
 *
 * The engine publishes its status and its controls (retry, the first-sync answer) in
 * features/sync/client/status-store.ts, which the UI reads without loading this module.
 */
import { ApiError } from '@/shared/http/http';
import { getLocalStorage } from '@/shared/browser-storage/local-store';
import {
  removeTasksFromSync,
  settleTasksFromSync,
  replaceTasksFromSync,
  setTasksWriteHook,
  tasksStore,
} from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import { setConflictControls } from './conflicts-store';
import { browserEnvironment, createBrowserEvents } from './engine/browser-events';
import { createConflictList } from './engine/conflict-list';
import { OTHER_ACCOUNT_MESSAGE } from './engine/status';
import { createStatusReporter } from './engine/status-reporter';
import { runWhenLeader } from './engine/leader';
import { createSyncLoop } from './engine/sync-loop';
import { createSyncSteps } from './engine/sync-steps';
import { createLiveStream } from './engine/live-stream';
import { clearTeamData, sendForLogout } from './engine/logout';
import { createSyncTransport } from './engine/transport';
import { setArchiveControls } from './archive-controls';
import { setSyncControls, type SyncControls } from './status-store';
import { countUnsentIn, createLocalMetaStore, type SyncStorage } from './engine/meta-store';
import type { TasksPort, TeamSyncOptions } from './engine/ports';
import { SYNC_CONFLICTS_KEY, SYNC_META_KEY } from '@/shared/browser-storage/keys';
import { randomId } from '../model/random-id';
import type { FirstSyncChoice } from './replica';

export { SYNC_CONFLICTS_KEY, SYNC_META_KEY };
const PUSH_DEBOUNCE_MS = 300;

export { OTHER_ACCOUNT_MESSAGE };

const defaultTasks: TasksPort = {
  read: () => tasksStore.read(),
  replace: (change) => {
    // The list is only read after: a read-only result is stored as it is.
    replaceTasksFromSync((tasks) => change(tasks) as Task[]);
  },
  settleAfterSync: (before) => void settleTasksFromSync(before),
  setWriteHook: setTasksWriteHook,
  removeForLogout: removeTasksFromSync,
};

export { browserEnvironment, randomId };

function defaultStorage(): SyncStorage | null {
  return getLocalStorage();
}

interface RunningEngine {
  stop: () => void;
  sendForLogout: () => Promise<number>;
  clearForLogout: () => void;
}

let running: RunningEngine | null = null;

/**
 * Before a logout with team sync: sends what waits (when the connection allows) and returns how
 * many tasks still have changes not sent, which a logout now would lose.
 */
export async function sendBeforeLogout(): Promise<number> {
  if (running) return running.sendForLogout();
  return countUnsentIn(createLocalMetaStore(defaultStorage()));
}

/** The logout itself: stops the engine and removes the team's data from this browser. */
export function clearTeamDataForLogout(): void {
  if (running) running.clearForLogout();
  else clearTeamData(defaultStorage(), defaultTasks, createLocalMetaStore(defaultStorage()));
}

/** What the engine's life (startTeamSync) holds: whether it stopped, leads, opened the replica. */
interface EngineLife {
  isStopped(): boolean;
  /** This tab syncs (holds the lock). */
  isLeader(): boolean;
  /** This account's replica is open (not paused for another account). */
  isOpened(): boolean;
  /** Opens the replica again (another account's changes no longer wait). */
  reopen(): void;
  stop(): void;
  /** The session ended (401): the engine stops. */
  endSession(): void;
}

type EngineParts = ReturnType<typeof createEngineParts>;

/** The engine's parts for one account, wired together; `life` is the engine's state. */
function createEngineParts(options: TeamSyncOptions, life: Omit<EngineLife, 'isOpened' | 'reopen' | 'stop'>) {
  const now = options.now ?? Date.now;
  const tasksPort = options.tasks ?? defaultTasks;
  const env = options.environment ?? browserEnvironment();
  const storage = options.storage ?? defaultStorage();
  const metaStore = options.metaStore ?? createLocalMetaStore(storage);
  const isStopped = () => life.isStopped();
  const status = createStatusReporter({
    userId: options.userId,
    loadMeta: () => metaStore.peek(),
    readTasks: () => tasksPort.read(),
    isStopped,
  });
  const transport = createSyncTransport({ getToken: options.getToken, fetch: options.fetch });
  const conflicts = createConflictList({ userId: options.userId, storage, transport, isStopped });
  const loop = createSyncLoop({
    isActive: () => !life.isStopped() && life.isLeader(),
    canRun: () => status.refused() === null,
    cycle: () => steps.runCycle(),
    onSuccess: () => status.succeeded(),
    onFailure: (error) => {
      if (error instanceof ApiError && error.kind === 'http' && error.status === 401) {
        life.endSession();
        return 'stop';
      }
      status.failed(error);
      return 'retry';
    },
    afterCycle: () => status.refresh(),
    pollMs: () => liveStream.pollMs(),
    random: options.random ?? Math.random,
  });
  const liveStream = createLiveStream({ env, getToken: options.getToken, loop });
  /** A change recorded here or in another tab: the status shows it, the tab that syncs pushes it soon. */
  const showAndPushSoon = () => {
    status.refresh();
    loop.schedule(PUSH_DEBOUNCE_MS);
  };
  const browserEvents = createBrowserEvents({
    env,
    loop,
    onConflictsStored: () => conflicts.showStored(),
    onMetaStored: showAndPushSoon,
  });
  const steps = createSyncSteps({
    options,
    metaStore,
    tasks: tasksPort,
    transport,
    conflicts,
    status,
    now,
    newId: options.newId ?? randomId,
    isStopped,
    afterLocalWrite: showAndPushSoon,
  });
  return { tasksPort, env, storage, metaStore, status, conflicts, loop, liveStream, browserEvents, steps };
}

/** What the UI and the logout ask of the running engine (features/sync/client/status-store.ts). */
function engineControls(parts: EngineParts, life: EngineLife): RunningEngine & SyncControls {
  const { tasksPort, storage, metaStore, status, loop, steps } = parts;
  return {
    stop: () => life.stop(),
    storageRefused: status.storageRefused,
    sendForLogout: () =>
      sendForLogout({
        isOpened: () => life.isOpened(),
        isStopped: () => life.isStopped(),
        isLeader: () => life.isLeader(),
        runNow: () => loop.runNow(),
        pushAll: () => steps.pushAll(),
        metaStore,
      }),
    clearForLogout: () => {
      life.stop();
      if (life.isOpened()) clearTeamData(storage, tasksPort, metaStore);
    },
    retry: () => {
      loop.resetFailures();
      status.clearError();
      if (status.refused()) {
        // Storage is tried again with everything this tab holds; sync resumes once it takes it.
        void steps.storeAgain().then((ok) => {
          if (!ok || life.isStopped()) return;
          status.storageBack();
          status.refresh();
          void loop.runNow();
        });
        return;
      }
      if (!life.isOpened()) {
        life.reopen();
        status.refresh();
        return;
      }
      void loop.runNow();
    },
    answerFirstSync: (choice: FirstSyncChoice) => {
      if (!steps.answerFirstSync(choice)) return;
      status.refresh();
      void loop.runNow();
    },
  };
}

/**
 * Starts team sync for the signed-in user; returns its stop. One engine at a time: starting another
 * stops the first.
 */
export function startTeamSync(options: TeamSyncOptions): () => void {
  running?.stop();
  let stopped = false;
  let leader = false;
  let opened = false;
  let releaseLock: (() => void) | null = null;
  let removeHook: (() => void) | null = null;
  const life: EngineLife = {
    isStopped: () => stopped,
    isLeader: () => leader,
    isOpened: () => opened,
    reopen: open,
    stop,
    endSession: () => {
      // requestJson has handed the expired session to shared/session/session-expiry.ts. The team's
      // data leaves this browser as at a logout, unless changes wait: they are kept for this
      // account's next sign-in (another account finds sync paused), never dropped unasked.
      stop();
      if (countUnsentIn(metaStore) === 0) clearTeamData(storage, tasksPort, metaStore);
    },
  };
  const parts = createEngineParts(options, life);
  const { tasksPort, env, storage, metaStore, status, conflicts, loop, liveStream, browserEvents } = parts;

  function becomeLeader(): void {
    leader = true;
    void loop.runNow();
    liveStream.open();
  }

  function stop(): void {
    if (stopped) return;
    stopped = true;
    loop.stop();
    removeHook?.();
    browserEvents.unlisten();
    liveStream.close();
    releaseLock?.();
    if (running === handle) {
      running = null;
      setSyncControls(null);
      setArchiveControls(null);
      setConflictControls(null);
    }
  }

  const handle = engineControls(parts, life);
  running = handle;
  setSyncControls(handle);
  setArchiveControls({ bringBack: parts.steps.bringBack });
  setConflictControls({ settle: conflicts.settle });
  conflicts.showStored();

  /** Opens this account's replica; once open, this tab records its edits and queues to sync. */
  function open(): void {
    opened = parts.steps.open();
    if (!opened) return;
    removeHook = tasksPort.setWriteHook(parts.steps.hook);
    browserEvents.listen();
    releaseLock = runWhenLeader(env.requestLock, () => stopped, becomeLeader);
  }

  open();
  status.refresh(opened);
  return stop;
}
