/**
 * Local edits into the replica. Recording is a diff, not an event log: the task list is compared with
 * what was last synced and what is dirty; a changed field gets a fresh stamp, a task without a uid
 * gets one, a synced task missing from the list becomes a pending delete. Also the first-sync question
 * (what to do with tasks found without a sync identity).
 *
 * The screens' list (`tasks`) stays the source of truth for local values: a dirty entry holds only a
 * hash, the value is read from the task when the operation is frozen (./push.ts).
 */
import { listChanges } from '@/features/tasks/model/list-changes';
import { taskCreatedAt } from '@/features/tasks/model/task-stamps';
import type { Task } from '@/features/tasks/model/task-types';
import { SYNC_LIMITS } from '../../model/protocol';
import { tasksByUid } from '../uid-index';
import { isSyncId } from '@/features/sync/model/protocol';
import { hashJson, isTravellingName, NULL_HASH } from './fields';
import {
  clockOf,
  type DirtyEntry,
  dropDirtyField,
  type FirstSyncChoice,
  frozenKey,
  frozenKeys,
  isKnown,
  stampOf,
  type SyncMeta,
  touch,
} from './meta';

/**
 * Compares one task with what was last synced and its dirty entry; changed fields get a fresh stamp.
 * `restore`: the task is back after a delete (or is known by uid but never seen): say it exists.
 */
export function diffTask(
  meta: SyncMeta,
  uid: string,
  task: Task,
  stamp: () => string,
  restore: boolean,
): void {
  const synced = meta.tasks[uid];
  const existing = meta.dirty[uid];
  const fields = new Set(Object.keys(task));
  for (const field of Object.keys(synced?.h ?? {})) fields.add(field);
  for (const field of Object.keys(existing?.f ?? {})) fields.add(field);
  const changed: [string, string][] = [];
  for (const field of fields) {
    if (!isTravellingName(field)) continue;
    // `travels` and `hashValue` in one JSON encoding: the start-up diff does this for every field
    // of every task (tens of thousands with a team's tasks).
    const text = JSON.stringify(task[field] ?? null);
    // A field that stopped travelling (grew too large) keeps its last synced value on the server.
    if (text.length > SYNC_LIMITS.maxValueChars) continue;
    const current = hashJson(text);
    const dirtyHash = existing?.f[field];
    const base = dirtyHash ?? synced?.h[field] ?? NULL_HASH;
    if (current !== base) changed.push([field, current]);
  }
  const revive = restore || existing?.x?.del === true;
  if (changed.length === 0 && !revive) return;
  const stampNow = stamp();
  const entry: DirtyEntry = existing ?? { f: {} };
  if (changed.length > 0) {
    const previous = entry.s;
    if (previous !== undefined) {
      for (const field of Object.keys(entry.f)) {
        if (entry.t?.[field] === undefined) (entry.t ??= {})[field] = previous;
      }
    }
    entry.s = stampNow;
    for (const [field, hash] of changed) {
      entry.f[field] = hash;
      if (entry.t) delete entry.t[field];
    }
    if (entry.t && Object.keys(entry.t).length === 0) delete entry.t;
  }
  if (revive) entry.x = { del: false, s: stampNow };
  meta.dirty[uid] = entry;
  touch(meta, uid);
}

/** Tasks without a sync identity that this replica would upload (not kept local-only). */
export function unsyncedTasks(meta: SyncMeta, tasks: readonly Task[]): Task[] {
  const localOnly = new Set(meta.localOnly);
  return tasks.filter((task) => !localOnly.has(task.id) && !(isSyncId(task.uid) && isKnown(meta, task.uid)));
}

/**
 * Records local changes: `next` against what was synced and what is dirty. With `prev` (the list before
 * a command), tasks that are the same objects as before are skipped. Tasks without a uid get one (all
 * fields dirty), unless kept local-only or the first-sync question is unanswered. A synced task missing
 * from `next` becomes a pending delete. Returns the list to store: `next` itself unless uids were added.
 */
export function recordChanges(
  meta: SyncMeta,
  prev: readonly Task[] | null,
  next: Task[],
  nowMs: number,
  newUid: () => string,
): Task[] {
  return recordLocalChanges(meta, prev, next, nowMs, newUid).tasks;
}

/**
 * `recordChanges`, also saying whether it changed `meta`: when it did not (the usual outcome of the
 * full diff), the caller has nothing to save.
 */
export function recordLocalChanges(
  meta: SyncMeta,
  prev: readonly Task[] | null,
  next: Task[],
  nowMs: number,
  newUid: () => string,
): { tasks: Task[]; changed: boolean } {
  const clock = clockOf(meta, nowMs);
  // Every change made below either stamps (the clock moves) or forgets a task (`markDeleted`).
  let changed = false;
  const stamp = () => {
    changed = true;
    return clock.stamp();
  };
  const localOnly = new Set(meta.localOnly);
  let out: Task[] | null = null;
  /** Records the task at `index` of `next`; `uid` is its sync identity, or undefined for none yet. */
  const record = (task: Task, index: number, uid: string | undefined): string | undefined => {
    if (uid !== undefined) {
      const known = isKnown(meta, uid);
      if (!known && meta.decided === null) return uid;
      diffTask(meta, uid, task, stamp, !known);
      return uid;
    }
    if (meta.decided === null) return undefined;
    const fresh = newUid();
    // A task joining the team carries its creation time: other devices give it ids of their own.
    const createdMs = taskCreatedAt(task);
    const withUid: Task = { ...task, uid: fresh };
    if (createdMs !== null && withUid.createdAt === undefined)
      withUid.createdAt = new Date(createdMs).toISOString();
    out ??= next.slice();
    out[index] = withUid;
    diffTask(meta, fresh, withUid, stamp, false);
    return fresh;
  };

  const quick = prev ? quickChanges(prev, next) : null;
  if (quick) {
    // Only the tasks the command changed are looked at (see quickChanges).
    for (const index of quick.added) {
      const task = next[index]!;
      if (localOnly.has(task.id)) continue;
      record(task, index, isSyncId(task.uid) ? task.uid : undefined);
    }
    if (quick.gone.length > 0) {
      const present = uidsOf(next);
      const frozen = frozenKeys(meta);
      for (const uid of quick.gone) {
        if (!present.has(uid) && isKnown(meta, uid) && markDeleted(meta, uid, frozen, stamp)) changed = true;
      }
    }
    return { tasks: out ?? next, changed };
  }

  const unchanged = prev ? new Set(prev) : null;
  const present = new Set<string>();
  next.forEach((task, index) => {
    const uid = task.uid;
    if (localOnly.has(task.id)) return;
    if (isSyncId(uid) && !present.has(uid)) {
      present.add(uid);
      if (unchanged?.has(task)) return;
      record(task, index, uid);
      return;
    }
    const fresh = record(task, index, undefined);
    if (fresh !== undefined) present.add(fresh);
  });
  const missing = new Set([...Object.keys(meta.tasks), ...Object.keys(meta.dirty)]);
  for (const uid of present) missing.delete(uid);
  if (missing.size > 0) {
    const frozen = frozenKeys(meta);
    for (const uid of missing) if (markDeleted(meta, uid, frozen, stamp)) changed = true;
  }
  return { tasks: out ?? next, changed };
}

/**
 * A command's changes, when they can be recorded without looking at every task: each task it added
 * or replaced is new (no sync identity) or carries the identity of a task it replaced (an edit), so
 * no task of `next` shares its identity with another. `gone` holds the identities of the replaced
 * tasks no added one carries (a delete, unless another task still holds it). Null for any other
 * shape (an undo, an import, duplicate identities): the full diff then decides.
 */
function quickChanges(
  prev: readonly Task[],
  next: readonly Task[],
): { added: number[]; gone: string[] } | null {
  const { added, removed } = listChanges(prev, next);
  const removedUids = new Set<string>();
  for (const task of removed) {
    if (!isSyncId(task.uid)) continue;
    if (removedUids.has(task.uid)) return null;
    removedUids.add(task.uid);
  }
  const addedUids = new Set<string>();
  for (const index of added) {
    const uid = next[index]!.uid;
    if (uid === undefined) continue;
    if (!isSyncId(uid) || !removedUids.has(uid) || addedUids.has(uid)) return null;
    addedUids.add(uid);
  }
  return { added, gone: [...removedUids].filter((uid) => !addedUids.has(uid)) };
}

/**
 * A task gone from the list. Its values are gone with it: unsent field edits are dropped and the delete
 * is what counts; a task the server never received is simply forgotten. Returns whether it changed
 * `meta` (false only for a delete already pending).
 */
function markDeleted(meta: SyncMeta, uid: string, frozen: Set<string>, stamp: () => string): boolean {
  const entry = meta.dirty[uid];
  if (entry?.x?.del === true) return false;
  touch(meta, uid);
  const pending: DirtyEntry = entry ?? { f: {} };
  for (const field of Object.keys(pending.f)) {
    if (!frozen.has(frozenKey(uid, field, stampOf(pending, field)))) dropDirtyField(pending, field);
  }
  const sent = [...frozen].some((key) => key.startsWith(`${uid}\n`));
  if (meta.tasks[uid] === undefined && !sent) {
    delete meta.dirty[uid];
    return true;
  }
  pending.x = { del: true, s: stamp() };
  meta.dirty[uid] = pending;
  return true;
}

/** The uids present in a task list (valid within the synchronous step that asked: ./uid-index.ts). */
export function uidsOf(tasks: readonly Task[]): Pick<ReadonlySet<string>, 'has'> {
  return tasksByUid(tasks);
}

/** Records the first-sync answer: 'keep' keeps the tasks without identity on this device only. */
export function answerFirstSyncChoice(meta: SyncMeta, tasks: readonly Task[], choice: FirstSyncChoice): void {
  if (choice === 'keep') {
    const localOnly = new Set(meta.localOnly);
    for (const task of unsyncedTasks(meta, tasks)) localOnly.add(task.id);
    meta.localOnly = [...localOnly];
  }
  meta.decided = choice;
}
