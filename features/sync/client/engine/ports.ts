/**
 * What the team-sync engine (features/sync/client/client.ts) reaches outside itself, and how it is started: the
 * task list, the page, the live stream's handlers and the engine's options. The engine's parts in
 * this folder take their ports from here, so none of them imports features/sync/client/client.ts back.
 *
 * A leaf: it imports types only, and none from the files that use it.
 */
import type { TasksWriteHook } from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import type { RequestLock } from './leader';
import type { MetaStore, SyncStorage } from './meta-store';

/** The task list as the engine reaches it: `features/tasks/client/tasks.ts` by default. */
export interface TasksPort {
  read(): readonly Task[];
  /** The sync's write, not a local edit. */
  replace(change: (tasks: readonly Task[]) => readonly Task[]): void;
  /**
   * After the sync's write (the list was `before`): what it brought follows the one rule for done, as
   * a local edit (features/tasks/client/tasks.ts settleTasksFromSync). Optional: a port without it settles nothing.
   */
  settleAfterSync?(before: readonly Task[]): void;
  setWriteHook(hook: TasksWriteHook): () => void;
  /** At logout: drops the tasks `isTeamTask` picks, and the list itself when nothing is left. */
  removeForLogout(isTeamTask: (task: Task) => boolean): void;
}

/** What the engine needs from the page (window events, visibility, Web Locks); real ones by default. */
export interface SyncEnvironment {
  addEventListener(type: 'online' | 'visibilitychange' | 'storage', listener: (event: Event) => void): void;
  removeEventListener(
    type: 'online' | 'visibilitychange' | 'storage',
    listener: (event: Event) => void,
  ): void;
  isVisible(): boolean;
  /** Web Locks' `request`, or null where the browser has none (every tab then syncs). */
  requestLock: RequestLock;
  /**
   * Opens the live "pull now" stream (shared/realtime/stream.ts) and returns its close; null where there
   * is none (the engine then only polls).
   */
  openStream: ((handlers: StreamHandlers) => () => void) | null;
}

export interface StreamHandlers {
  getToken: () => string | null;
  onPoke: (seq: number) => void;
  onHealth: (up: boolean) => void;
  /** A `comments` event (shared/realtime/live-comments.ts passes it on to the open thread and the counts). */
  onComments?: (task: string | null) => void;
  /** A `labels` event, and each time the stream opens (shared/realtime/live-labels.ts). */
  onLabels?: () => void;
  /** A `projects` event, and each time the stream opens (shared/realtime/live-projects.ts). */
  onProjects?: () => void;
}

export interface TeamSyncOptions {
  userId: string;
  getToken: () => string | null;
  fetch?: typeof fetch;
  now?: () => number;
  /** Where `tasklane.sync` and `tasklane.syncConflicts` are kept: localStorage by default. */
  storage?: SyncStorage;
  /** Where the replica's metadata lives: the `tasklane.sync` key of `storage` by default. */
  metaStore?: MetaStore;
  tasks?: TasksPort;
  environment?: SyncEnvironment;
  /** Random in [0, 1): backoff jitter. */
  random?: () => number;
  /** New ids for clients and tasks. */
  newId?: () => string;
  /**
   * Whether to compare every task with the replica at start (default): it catches writes the hook never
   * saw (another tab, an older version). Team mode's IndexedDB store has no such writer.
   */
  fullDiffAtStart?: boolean;
  /** What the server told about an applied change (an assignee it could not find), for the UI to show. */
  onNotice?: (message: string) => void;
}

/** What team mode's replica (./team-replica.ts) hands on to the engine it starts. */
export type TeamReplicaOptions = Pick<TeamSyncOptions, 'userId' | 'getToken' | 'onNotice'>;
