/**
 * The server's merge for team sync, field by field (the design: docs/decisions/0013-team-sync.md).
 * Pure: no storage, no clock. The sync service loads a task, calls `mergeOp` for each operation of a
 * push in the order it applies them, and stores the result and the conflict records.
 *
 * - Every task field is a last-writer-wins register ordered by its hybrid-logical-clock stamp (ties,
 *   which only a buggy client could make, go to the larger JSON value so that every order agrees).
 * - Whether the task exists is one more register, written by `delete` and `restore` operations: the
 *   later stamp wins. An edit never brings a deleted task back; only a restore does, and the fields
 *   written meanwhile come back with it (a tombstone keeps its fields until it is purged).
 * - Nothing is destroyed: a value that loses, or that is overwritten by a writer who had not seen it
 *   (its `baseV` is below the version that wrote it), becomes a conflict record, and so does an edit
 *   that lands on a deleted task; except where nothing would be lost (the same value), the field is
 *   bookkeeping (QUIET_FIELDS), or both writes come from the same clock node: one device replacing its
 *   own value (a second push sent before the first one's version came back, or an older push of
 *   its own arriving late) is not a conflict (docs/decisions/0036-self-conflicts-and-the-loser.md).
 * The final fields and existence of a task do not depend on the order operations arrive in, nor on
 * duplicates (features/sync/model/merge.test.ts checks it with random histories).
 */
import { compareHlc, sameNode } from './hlc';
import type { FieldWrite, Json, SyncOp } from './protocol';

export interface StampedField extends FieldWrite {
  /** The server sequence number of the push that wrote it. */
  seq: number;
}

export interface TaskLife {
  deleted: boolean;
  hlc: string;
  seq: number;
}

export interface SyncedTask {
  uid: string;
  fields: Record<string, StampedField>;
  /** Null until a delete or restore is seen: the task exists. */
  life: TaskLife | null;
  /** The sequence number of the last push that changed anything (the server also moves it for an operation that changed nothing). */
  version: number;
}

export type ConflictReason = 'concurrent' | 'after-delete';

export interface ConflictRecord {
  uid: string;
  field: string;
  /** The value that did not make it (or that a delete hid). */
  value: Json;
  hlc: string;
  /** The stamp that beat it: the winning write, or the delete. */
  winningHlc: string;
  reason: ConflictReason;
}

export interface MergeResult {
  task: SyncedTask;
  conflicts: ConflictRecord[];
  /** False when the operation changed nothing (an older or repeated write). */
  changed: boolean;
}

/** Whether `candidate` beats `current` for one register. */
function beats(candidate: FieldWrite, current: FieldWrite): boolean {
  const order = compareHlc(candidate.hlc, current.hlc);
  if (order !== 0) return order > 0;
  return JSON.stringify(candidate.value) > JSON.stringify(current.value);
}

/**
 * Fields whose replaced values are not kept: bookkeeping written with every change (`updatedAt`), where
 * two people editing different fields at once would otherwise always leave a record; `createdAt`,
 * which two devices completing one repeating task offline both write for its next occurrence, each at
 * its own moment (docs/decisions/0025-repeating-tasks.md); and `completedAt`, which two devices
 * completing one task offline both write (features/tasks/model/archive.ts); and `rank`, a card's place in its
 * column (features/tasks/model/rank.ts): the later move wins, and a replaced place is no value anyone reviews.
 */
export const QUIET_FIELDS: ReadonlySet<string> = new Set(['updatedAt', 'createdAt', 'completedAt', 'rank']);

/**
 * Whether a value that lost to `kept` is worth a conflict record: not for a quiet field, nor when both
 * hold the same value (two devices completing one repeating task both write its next occurrence).
 */
function worthRecording(field: string, lost: Json, kept: Json): boolean {
  return !QUIET_FIELDS.has(field) && JSON.stringify(lost) !== JSON.stringify(kept);
}

function sameWrite(a: FieldWrite, b: FieldWrite): boolean {
  return a.hlc === b.hlc && JSON.stringify(a.value) === JSON.stringify(b.value);
}

export function isDeleted(task: SyncedTask | undefined): boolean {
  return task?.life?.deleted === true;
}

function emptyTask(uid: string): SyncedTask {
  return { uid, fields: {}, life: null, version: 0 };
}

function mergeFields(
  task: SyncedTask,
  op: Extract<SyncOp, { kind: 'upsert' }>,
  seq: number,
): { fields: Record<string, StampedField>; conflicts: ConflictRecord[]; changed: boolean } {
  const fields = { ...task.fields };
  const conflicts: ConflictRecord[] = [];
  let changed = false;
  for (const [field, write] of Object.entries(op.fields)) {
    const current = fields[field];
    if (current && sameWrite(write, current)) continue;
    if (!current || beats(write, current)) {
      if (
        current &&
        current.seq > op.baseV &&
        !sameNode(current.hlc, write.hlc) &&
        worthRecording(field, current.value, write.value)
      ) {
        conflicts.push({
          uid: task.uid,
          field,
          value: current.value,
          hlc: current.hlc,
          winningHlc: write.hlc,
          reason: 'concurrent',
        });
      }
      fields[field] = { value: write.value, hlc: write.hlc, seq };
      changed = true;
      if (task.life?.deleted && !QUIET_FIELDS.has(field)) {
        conflicts.push({
          uid: task.uid,
          field,
          value: write.value,
          hlc: write.hlc,
          winningHlc: task.life.hlc,
          reason: 'after-delete',
        });
      }
    } else if (!sameNode(write.hlc, current.hlc) && worthRecording(field, write.value, current.value)) {
      conflicts.push({
        uid: task.uid,
        field,
        value: write.value,
        hlc: write.hlc,
        winningHlc: current.hlc,
        reason: 'concurrent',
      });
    }
  }
  return { fields, conflicts, changed };
}

/** Applies one operation to a task (undefined: the server has never seen it) at sequence `seq`. */
export function mergeOp(existing: SyncedTask | undefined, op: SyncOp, seq: number): MergeResult {
  const task = existing ?? emptyTask(op.uid);
  if (op.kind === 'upsert') {
    const { fields, conflicts, changed } = mergeFields(task, op, seq);
    return {
      task: changed ? { ...task, fields, version: seq } : task,
      conflicts,
      changed,
    };
  }
  const life = task.life ?? { deleted: false, hlc: '', seq: 0 };
  const deleted = op.kind === 'delete';
  const order = compareHlc(op.hlc, life.hlc);
  // At the same stamp (a buggy client) a delete beats a restore, so every order agrees.
  if (order < 0 || (order === 0 && (life.deleted || !deleted)))
    return { task, conflicts: [], changed: false };
  return {
    task: { ...task, life: { deleted, hlc: op.hlc, seq }, version: seq },
    conflicts: [],
    changed: true,
  };
}

/** The task as the screens hold it: each field's current value, nothing of the clocks. */
export function taskValues(task: SyncedTask): Record<string, Json> {
  return Object.fromEntries(Object.entries(task.fields).map(([field, stamped]) => [field, stamped.value]));
}
