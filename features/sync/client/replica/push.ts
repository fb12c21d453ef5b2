/**
 * Pushing. A push freezes dirty entries into operations (`inflight`; the caller saves them before
 * sending, and they are resent as they are until the server answers), sends the oldest within the
 * limits, and settles them by the server's answer: an acknowledged or refused write leaves `inflight`
 * and its dirty entry, unless a newer local edit replaced it; one refused over a limit is held
 * (./held.ts).
 */
import { legacyNextOccurrenceUid, nextOccurrenceUid } from '@/features/tasks/model/repeat-spawn';
import type { Task } from '@/features/tasks/model/task-types';
import {
  HELD_REJECT_REASONS,
  type Json,
  type PushResponse,
  SYNC_LIMITS,
  type SyncOp,
} from '../../model/protocol';
import { tasksByUid } from '../uid-index';
import { hashValue } from './fields';
import { holdOp, pruneHeld } from './held';
import {
  dropDirtyField,
  frozenKey,
  frozenKeys,
  receiveStamp,
  stampOf,
  type SyncMeta,
  tidyDirty,
  touch,
  markUnpulled,
} from './meta';

/**
 * The version a task this replica sent (and has not pulled yet) is based on: above 0, so the server
 * knows the task existed; should it have been deleted and forgotten meanwhile, a later edit is kept as
 * a conflict instead of making a task of the edited fields alone. The least such claim: nothing the
 * server wrote after its first push counts as seen.
 */
const SENT_VERSION = 1;

function nextOpId(meta: SyncMeta): string {
  const opId = meta.nextOp.toString(36);
  meta.nextOp += 1;
  return opId;
}

/** The value a field travels with: absent is null. */
function wireValue(value: unknown): Json {
  return value === undefined ? null : (value as Json);
}

/** Freezes one task's unfrozen dirty entries into operations (at most `room`); returns how many. */
export function freezeTask(
  meta: SyncMeta,
  uid: string,
  task: Task | undefined,
  frozen: Set<string>,
  room: number,
): number {
  const entry = meta.dirty[uid];
  if (!entry || room <= 0) return 0;
  // A task not pulled yet: based on nothing (0) when this operation creates it, else on its creation.
  const baseV = meta.tasks[uid]?.v ?? (meta.inflight.some((op) => op.uid === uid) ? SENT_VERSION : 0);
  let made = 0;
  const freezeLife = (life: { del: boolean; s: string }) => {
    if (frozen.has(frozenKey(uid, '$x', life.s)) || made >= room) return;
    meta.inflight.push({
      opId: nextOpId(meta),
      uid,
      baseV,
      kind: life.del ? 'delete' : 'restore',
      hlc: life.s,
    });
    frozen.add(frozenKey(uid, '$x', life.s));
    made++;
  };
  const writes: [string, { value: Json; hlc: string }][] = [];
  for (const field of Object.keys(entry.f)) {
    const hlc = stampOf(entry, field);
    if (hlc === undefined || frozen.has(frozenKey(uid, field, hlc))) continue;
    if (!task) continue;
    writes.push([field, { value: wireValue(task[field]), hlc }]);
  }
  const restore = entry.x?.del === false && !frozen.has(frozenKey(uid, '$x', entry.x.s)) ? entry.x : null;
  let restoreFirst = false;
  if (restore) {
    // A restore goes first, in the same freeze as the fields it brings back (an undo sends them all
    // when the delete was already acknowledged): they then land on a live task, not as edits after a
    // delete, and a task never sent (brought back by an old tab) does not reach the server as a restore
    // without its fields. Without room for all of
    // them, the task waits for the operations in flight to drain; with none in flight, the fields go
    // first (a task of many fields).
    const needed = 1 + Math.ceil(writes.length / SYNC_LIMITS.maxFieldsPerOp);
    if (needed <= room) restoreFirst = true;
    else if (meta.inflight.length > 0) return 0;
  }
  if (restore && restoreFirst) freezeLife(restore);
  for (let start = 0; start < writes.length && made < room; start += SYNC_LIMITS.maxFieldsPerOp) {
    const fields = Object.fromEntries(writes.slice(start, start + SYNC_LIMITS.maxFieldsPerOp));
    meta.inflight.push({ opId: nextOpId(meta), uid, baseV, kind: 'upsert', fields });
    for (const [field, write] of Object.entries(fields)) frozen.add(frozenKey(uid, field, write.hlc));
    made++;
  }
  if (restore && !restoreFirst) freezeLife(restore);
  if (entry.x?.del === true) freezeLife(entry.x);
  return made;
}

/**
 * Freezes dirty entries into operations (new op ids, `baseV` the last pulled version) until `inflight`
 * holds `maxOps`; the caller saves the metadata before sending. `tasks` gives the values.
 */
export function freezeOps(
  meta: SyncMeta,
  tasks: readonly Task[],
  maxOps: number = SYNC_LIMITS.maxOpsPerPush,
): void {
  pruneHeld(meta);
  const frozen = frozenKeys(meta, true);
  const byUid = tasksByUid(tasks);
  const occurrences = pendingOccurrences(meta, byUid);
  const following = new Set(occurrences.values());
  for (const uid of Object.keys(meta.dirty)) {
    const room = maxOps - meta.inflight.length;
    if (room <= 0) return;
    // A next occurrence goes with the task it follows, in the same push: the server takes a derived
    // uid only from a push that sends that task too (features/sync/model/occurrence-owner.ts). Both, or wait.
    if (following.has(uid)) continue;
    const next = occurrences.get(uid);
    if (next === undefined) {
      freezeTask(meta, uid, byUid.get(uid), frozen, room);
      continue;
    }
    if (meta.inflight.length > 0 && opsToFreeze(meta, uid) + opsToFreeze(meta, next) > room) return;
    freezeTask(meta, uid, byUid.get(uid), frozen, room);
    freezeTask(meta, next, byUid.get(next), frozen, maxOps - meta.inflight.length);
  }
}

/** Dirty tasks that made a next occurrence not sent yet (features/tasks/model/repeat-spawn.ts): task → occurrence. */
function pendingOccurrences(meta: SyncMeta, byUid: ReturnType<typeof tasksByUid>): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const uid of Object.keys(meta.dirty)) {
    const next = byUid.get(uid)?.repeatedAs;
    if (typeof next !== 'string' || meta.dirty[next] === undefined || meta.tasks[next] !== undefined)
      continue;
    if (next === nextOccurrenceUid(uid) || next === legacyNextOccurrenceUid(uid)) pairs.set(uid, next);
  }
  return pairs;
}

/** At most how many operations freezing the task's dirty entry makes (its fields in chunks, a delete and a restore). */
function opsToFreeze(meta: SyncMeta, uid: string): number {
  const entry = meta.dirty[uid];
  if (!entry) return 0;
  return Math.ceil(Object.keys(entry.f).length / SYNC_LIMITS.maxFieldsPerOp) + (entry.x ? 2 : 0);
}

/** The next push: the oldest frozen operations, within the operation and byte limits. */
export function nextPushBatch(
  meta: SyncMeta,
  maxOps: number = SYNC_LIMITS.maxOpsPerPush,
  maxBytes: number = SYNC_LIMITS.maxPushBytes / 2,
): SyncOp[] {
  const batch: SyncOp[] = [];
  let bytes = 64 + meta.clientId.length;
  for (const op of meta.inflight) {
    if (batch.length >= maxOps) break;
    const size = new TextEncoder().encode(JSON.stringify(op)).length + 1;
    if (batch.length > 0 && bytes + size > maxBytes) break;
    batch.push(op);
    bytes += size;
  }
  return batch;
}

/**
 * The server's answer to a push: each acknowledged or refused operation leaves `inflight`, and each
 * dirty entry still stamped as it was sent is cleared (a newer local edit stays dirty), its hash taken
 * as synced. The server gives every task an operation touched a new version, won or lost, applied or
 * refused, so the next pull brings back the server's values where the sent ones did not win.
 */
export function applyPushResponse(
  meta: SyncMeta,
  response: PushResponse,
  localUids: Pick<ReadonlySet<string>, 'has'>,
  nowMs: number,
): void {
  const refused = new Set(response.rejected.map((rejection) => rejection.opId));
  const settled = new Set([...response.acks, ...refused]);
  // Over a limit: nothing of it is on the server, so the change stays dirty here, shown and not resent.
  const held = new Map<string, string>();
  for (const rejection of response.rejected) {
    if (HELD_REJECT_REASONS.has(rejection.reason)) held.set(rejection.opId, String(rejection.message));
  }
  const remaining: SyncOp[] = [];
  for (const op of meta.inflight) {
    if (!settled.has(op.opId)) {
      remaining.push(op);
      continue;
    }
    const message = held.get(op.opId);
    if (message === undefined) settleOp(meta, op, localUids);
    else holdOp(meta, op, message);
  }
  meta.inflight = remaining;
  pruneHeld(meta);
  receiveStamp(meta, response.serverHlc, nowMs);
}

function settleOp(meta: SyncMeta, op: SyncOp, localUids: Pick<ReadonlySet<string>, 'has'>): void {
  touch(meta, op.uid);
  const entry = meta.dirty[op.uid];
  if (op.kind === 'upsert') {
    let synced = meta.tasks[op.uid];
    for (const [field, write] of Object.entries(op.fields)) {
      if (!entry || entry.f[field] === undefined || stampOf(entry, field) !== write.hlc) continue;
      dropDirtyField(entry, field);
      if (!synced && localUids.has(op.uid)) synced = markUnpulled(meta, op.uid, SENT_VERSION);
      if (!synced) continue;
      if (write.value === null) delete synced.h[field];
      else synced.h[field] = hashValue(write.value);
    }
  } else if (entry?.x?.s === op.hlc) {
    delete entry.x;
    if (op.kind === 'delete') delete meta.tasks[op.uid];
    else if (!meta.tasks[op.uid] && localUids.has(op.uid)) markUnpulled(meta, op.uid, SENT_VERSION);
  }
  tidyDirty(meta, op.uid);
}

/** Changes waiting to reach the server: tasks with dirty entries or frozen operations. */
export function pendingCount(meta: SyncMeta): number {
  const uids = new Set(Object.keys(meta.dirty));
  for (const op of meta.inflight) uids.add(op.uid);
  return uids.size;
}

/** Whether anything waits to be sent. */
export function hasPending(meta: SyncMeta): boolean {
  return meta.inflight.length > 0 || Object.keys(meta.dirty).length > 0;
}
