/**
 * What this browser changes, recorded into the replica (docs/decisions/0013-team-sync.md, "Recording
 * is a diff"): a hook on every task command (same synchronous turn as the write) and a full diff at
 * start and before each sync, which catches writes no hook saw. Also the replica's start for this
 * account (`open`) and the one way the sync's results are written (`commit`: the list, then the
 * metadata).
 *
 * Invariant: `lastSeenTasks` is the list as it was when last recorded; an unchanged list (same
 * object) needs no diff.
 */
import type { TasksWriteHook } from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import { createMeta, hasPending, recordLocalChanges, unsyncedTasks, type SyncMeta } from '../replica';
import { isSyncId } from '../../model/protocol';
import type { TasksPort } from './ports';
import type { WorkingMeta } from './working-meta';

export interface LocalChanges {
  /** Starts this user's replica; false while another account's changes wait. */
  open(): boolean;
  /** The full diff (`force`: even when the list is the one last seen). */
  catchUp(force: boolean): void;
  /** Writes the list (when it changed) then the metadata, in one turn. */
  commit(meta: SyncMeta, before: readonly Task[], after: readonly Task[]): void;
  /** The hook on every task command (features/tasks/client/tasks.ts). */
  hook: TasksWriteHook;
}

/** A short client id (a clock node): 16 base-36 characters from the random UUID. */
function clientIdFrom(uuid: string): string {
  return BigInt(`0x${uuid.replace(/-/g, '')}`)
    .toString(36)
    .slice(0, 16);
}

/**
 * The first-sync question (upload this browser's tasks, or keep them here) needs no answer when no task
 * is left to ask about: it is answered 'upload' in `meta`. Returns whether it was answered now.
 */
export function answerIfNothingToAsk(meta: SyncMeta, tasks: readonly Task[]): boolean {
  if (meta.decided !== null || unsyncedTasks(meta, tasks).length > 0) return false;
  meta.decided = 'upload';
  return true;
}

export function createLocalChanges(ports: {
  userId: string;
  meta: WorkingMeta;
  tasks: Pick<TasksPort, 'read' | 'replace' | 'settleAfterSync'>;
  now: () => number;
  newId: () => string;
  /** See TeamSyncOptions.fullDiffAtStart (./ports.ts). */
  fullDiffAtStart: boolean | undefined;
  isStopped: () => boolean;
  /** After a local edit was recorded (the status shows it; a push follows shortly). */
  afterLocalWrite: () => void;
}): LocalChanges {
  const { userId, tasks: tasksPort, now, newId, fullDiffAtStart, isStopped, afterLocalWrite } = ports;
  const { loadMeta, saveMeta, workingMeta, putBack } = ports.meta;
  let lastSeenTasks: readonly Task[] | null = null;

  function commit(meta: SyncMeta, before: readonly Task[], after: readonly Task[]): void {
    const written = after !== before && tasksPort.read() === before;
    if (after !== before) {
      tasksPort.replace((current) => (current === before ? after : current));
    }
    saveMeta(meta);
    lastSeenTasks = tasksPort.read();
    // What the server sent follows the one rule for done (a completion another device made brings
    // its next occurrence here): a local edit of its own, recorded by the hook like any other.
    if (written) tasksPort.settleAfterSync?.(before);
  }

  /** The full diff: catches writes no hook saw (another tab, another app version, a direct write). */
  function catchUp(force: boolean): void {
    const tasks = tasksPort.read();
    if (!force && tasks === lastSeenTasks) return;
    const meta = workingMeta();
    if (!meta) return;
    const decided = answerIfNothingToAsk(meta, tasks);
    const recorded = recordLocalChanges(meta, null, tasks as Task[], now(), newId);
    if (!decided && !recorded.changed) {
      // The usual outcome at start: nothing to write (with thousands of tasks, ~1 MB of text).
      putBack(meta);
      lastSeenTasks = tasks;
      return;
    }
    commit(meta, tasks, recorded.tasks);
  }

  const hook: TasksWriteHook = (prev, next) => {
    const meta = isStopped() ? null : workingMeta();
    if (!meta) return { tasks: next };
    const recorded = recordLocalChanges(meta, prev, next, now(), newId);
    if (!recorded.changed) putBack(meta);
    return {
      tasks: recorded.tasks,
      afterWrite: () => {
        if (recorded.changed) saveMeta(meta);
        lastSeenTasks = tasksPort.read();
        afterLocalWrite();
      },
    };
  };

  function open(): boolean {
    const existing = loadMeta();
    if (existing && existing.userId !== userId) {
      if (hasPending(existing)) return false;
      const theirs = new Set(Object.keys(existing.tasks));
      const tasks = tasksPort.read();
      const kept = tasks.filter((task) => !(isSyncId(task.uid) && theirs.has(task.uid)));
      if (kept.length !== tasks.length) tasksPort.replace((current) => (current === tasks ? kept : current));
    }
    if (!existing || existing.userId !== userId) {
      if (!saveMeta(createMeta(userId, clientIdFrom(newId())))) return false;
    }
    if (fullDiffAtStart === false) {
      // Every change reached the hook (team mode's store has no other writer): nothing to compare,
      // except that a replica with no task to ask about needs no first-sync question.
      const meta = workingMeta();
      const tasks = tasksPort.read();
      if (meta && answerIfNothingToAsk(meta, tasks)) saveMeta(meta);
      else if (meta) putBack(meta);
      lastSeenTasks = tasks;
      return true;
    }
    catchUp(true);
    return true;
  }

  return { open, catchUp, commit, hook };
}
