/**
 * Pulling: one page of the server's changes applied to the replica and to the task list. A task's view
 * is the server's row with the task's dirty fields on top; a local edit the server's row contradicts
 * is still sent (the server decides) and gives way here until a pull brings the outcome.
 */
import { taskSchema, withFieldFallbacks } from '@/features/tasks/model/task-read';
import { uniqueTaskId } from '@/features/tasks/model/task-create';
import type { Task } from '@/features/tasks/model/task-types';
import type { PulledTask, PullResponse } from '../../model/protocol';
import { tasksByUid } from '../uid-index';
import { isSyncId } from '@/features/sync/model/protocol';
import { hashesOf, NULL_HASH, travels } from './fields';
import { diffTask } from './local-changes';
import {
  clockOf,
  type DirtyEntry,
  dropDirtyField,
  frozenKey,
  frozenKeys,
  stampOf,
  type SyncMeta,
  tidyDirty,
  touch,
  unpulledUids,
} from './meta';
import { freezeTask } from './push';

/**
 * Gives up the local state of dirty entries the server's row contradicts: they are frozen (so they are
 * still sent, and the server decides) and dropped from `dirty`, and the task shows the server's value
 * until a pull brings the outcome (the server gives every task an operation touched a new version).
 * Without this, a local edit that lost to a value already pulled would keep showing here.
 */
export function yieldContested(
  meta: SyncMeta,
  uid: string,
  task: Task | undefined,
  serverHashes: Record<string, string> | null,
  frozen: Set<string>,
): void {
  const entry = meta.dirty[uid];
  if (!entry) return;
  const synced = meta.tasks[uid];
  const contested =
    serverHashes === null
      ? Object.keys(entry.f)
      : Object.keys(entry.f).filter((field) => {
          const server = serverHashes[field] ?? NULL_HASH;
          if (server === entry.f[field]) return false;
          // Changed on the server since this replica's base, or already sent (and perhaps applied:
          // then the server's value is what came of it).
          return (
            server !== (synced?.h[field] ?? NULL_HASH) ||
            frozen.has(frozenKey(uid, field, stampOf(entry, field)))
          );
        });
  if (serverHashes !== null && contested.length === 0) return;
  touch(meta, uid);
  freezeTask(meta, uid, task, frozen, Number.POSITIVE_INFINITY);
  if (serverHashes === null) {
    // The task is gone or deleted on the server: everything pending is sent, nothing stays shown.
    delete meta.dirty[uid];
    return;
  }
  for (const field of contested) dropDirtyField(entry, field);
  tidyDirty(meta, uid);
}

/**
 * What applying one page has gathered so far: the list's tasks by uid (with those the page added),
 * the keys of what is in flight, and the changes to the list.
 */
interface PageWork {
  meta: SyncMeta;
  tasks: readonly Task[];
  nowMs: number;
  byUid: { get: (uid: string) => Task | undefined; has: (uid: string) => boolean };
  /** Tasks added by this page, by uid (the index is not ours to change). */
  addedByUid: Map<string, Task>;
  frozen: Set<string>;
  removed: Set<string>;
  replaced: Map<string, Task>;
  added: Task[];
  takenIds: Set<string> | null;
  /**
   * New ids count up from the highest taken (ids are times in ms): a page of 500 new tasks would
   * otherwise probe every id given before it, each time (quadratic over a first sync).
   */
  nextIdMs: number;
}

/** One pulled page applied to the replica and to the task list; returns the list to store. */
export function applyPullPage(
  meta: SyncMeta,
  tasks: readonly Task[],
  page: PullResponse,
  nowMs: number,
): Task[] {
  const work = startPage(meta, tasks, nowMs);
  for (const uid of page.gone) forgetTask(work, uid);
  for (const row of page.changes) applyRow(work, row);

  if (!page.more) {
    // A task acknowledged but never pulled: a row applied by that push has a version past the cursor
    // the pulls had then, so reaching the end without it means the server no longer has it (deleted
    // and forgotten, after an acknowledgement that was lost and repeated later).
    for (const uid of unpulledUids(meta)) forgetTask(work, uid);
  }

  meta.cursor = page.cursor;
  return pageList(work);
}

/** The work of one page before any of it is applied: the list indexed, nothing changed yet. */
function startPage(meta: SyncMeta, tasks: readonly Task[], nowMs: number): PageWork {
  const indexed = tasksByUid(tasks);
  const addedByUid = new Map<string, Task>();
  return {
    meta,
    tasks,
    nowMs,
    byUid: {
      get: (uid: string) => indexed.get(uid) ?? addedByUid.get(uid),
      has: (uid: string) => indexed.has(uid) || addedByUid.has(uid),
    },
    addedByUid,
    frozen: frozenKeys(meta),
    removed: new Set<string>(),
    replaced: new Map<string, Task>(),
    added: [],
    takenIds: null,
    nextIdMs: nowMs,
  };
}

/**
 * A task the server no longer has (for this user), deleted or gone: its unsent changes are frozen
 * (see yieldContested), and it leaves the replica and the list.
 */
function forgetTask(work: PageWork, uid: string): void {
  const { meta, byUid } = work;
  touch(meta, uid);
  yieldContested(meta, uid, byUid.get(uid), null, work.frozen);
  delete meta.tasks[uid];
  if (byUid.has(uid)) work.removed.add(uid);
}

/** One changed row of a page: the replica takes the row's version, the list the task's view of it. */
function applyRow(work: PageWork, row: PulledTask): void {
  const { meta, frozen } = work;
  touch(meta, row.uid);
  const local = work.byUid.get(row.uid);
  const entry = meta.dirty[row.uid];
  const synced = meta.tasks[row.uid];
  if (row.deleted && local && entry?.x?.del === false) {
    // Brought back here (an undo) after the delete reached the server: the task stays shown and its
    // restore goes out; the pull after it brings the outcome (another device's later delete wins).
    delete meta.tasks[row.uid];
    return;
  }
  if (row.deleted) {
    forgetTask(work, row.uid);
    return;
  }
  const serverHashes = hashesOf(row.data);
  if (entry?.x?.del === true && synced && synced.v === row.v) {
    // A pending delete of the version this replica saw: the task stays away until it is sent.
    meta.tasks[row.uid] = { v: row.v, h: serverHashes };
    return;
  }
  if (entry?.x?.del === true) {
    // The task changed since the delete was made: the delete is sent and the task shown meanwhile.
    freezeTask(meta, row.uid, local, frozen, Number.POSITIVE_INFINITY);
    delete entry.x;
    tidyDirty(meta, row.uid);
  }
  yieldContested(meta, row.uid, local, serverHashes, frozen);
  // A field of the wrong kind (another browser's or a script's push) shows its default: the task stays.
  const next = withFieldFallbacks(taskView(row, local, meta.dirty[row.uid]));
  if (!taskSchema.safeParse(next).success) {
    // A row this app cannot show (a required field missing: a restore reached a server that had
    // forgotten the task, and its fields were kept aside): a task here keeps its values and sends
    // them back now, against the row's version; a new one waits until the server's row is whole.
    if (local) {
      meta.tasks[row.uid] = { v: row.v, h: serverHashes };
      diffTask(meta, row.uid, local, clockOf(meta, work.nowMs).stamp, false);
    }
    return;
  }
  meta.tasks[row.uid] = { v: row.v, h: serverHashes };
  // Most often the row is this device's own change coming back: the task stays the object it is,
  // so the list, the stored tasks and the screens have nothing to redo (issue 38).
  if (!local || !sameTask(local, next)) placeTask(work, row.uid, local, next);
}

/**
 * Whether two tasks hold the same fields and values. May say no for equal values written with their
 * keys in another order (the task is then replaced by an equal one, as before): never yes for
 * different ones.
 */
export function sameTask(a: Task, b: Task): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    const [x, y] = [a[key], b[key]];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

/**
 * The task a row shows here: the server's fields, with the local task's fields that do not travel
 * and its dirty fields (`kept`) on top; its id is the local task's, or 'pending' for a new task.
 */
function taskView(row: PulledTask, local: Task | undefined, kept: DirtyEntry | undefined): Task {
  const next: Task = {} as Task;
  for (const [field, value] of Object.entries(row.data)) if (value !== null) next[field] = value;
  if (local) {
    // Fields that do not travel stay as they were on this device.
    for (const field of Object.keys(local)) if (!travels(field, local[field])) next[field] = local[field];
  }
  if (local) {
    for (const field of Object.keys(kept?.f ?? {})) {
      if (local[field] === undefined) delete next[field];
      else next[field] = local[field];
    }
  }
  next.uid = row.uid;
  next.id = local?.id ?? 'pending';
  return next;
}

/** A row's task goes in the list: in place of the local task, or added under a new id. */
function placeTask(work: PageWork, uid: string, local: Task | undefined, next: Task): void {
  if (local) {
    next.id = local.id;
    work.replaced.set(uid, next);
    return;
  }
  work.takenIds ??= new Set(work.tasks.map((task) => task.id));
  next.id = uniqueTaskId(work.nextIdMs, work.takenIds);
  work.takenIds.add(next.id);
  work.nextIdMs = Number(next.id) + 1;
  work.added.push(next);
  work.addedByUid.set(uid, next);
}

/** The list to store after a page: `tasks` itself when the page changed none of its tasks. */
function pageList(work: PageWork): Task[] {
  const { tasks, byUid, removed, replaced, added } = work;
  if (removed.size === 0 && replaced.size === 0 && added.length === 0) return tasks as Task[];
  const out: Task[] = [];
  for (const task of tasks) {
    const uid = isSyncId(task.uid) ? task.uid : undefined;
    if (uid !== undefined && removed.has(uid)) continue;
    const replacement = uid !== undefined ? replaced.get(uid) : undefined;
    if (replacement && byUid.get(uid!) === task) {
      out.push(replacement);
      replaced.delete(uid!);
    } else {
      out.push(task);
    }
  }
  out.push(...added);
  return out;
}
