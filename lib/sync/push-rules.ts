/**
 * What one push does (docs/decisions/0013-team-sync.md), decided without storage: the server
 * (lib/server/sync/push-changes.ts) loads what the push needs, calls `decidePush` and writes what
 * it returns; the in-memory reference server of the browser's tests (./testing/memory-server.ts)
 * calls the same function, so both follow one rule book. Nothing here awaits or reads a clock: the
 * stored tasks, the operations already handled and the users are maps given by the caller, and
 * the server's clock goes in and comes back out.
 *
 * Rules the browser engine (./replica.ts) relies on to converge:
 * - Every operation applied or refused for the first time gives its task the push's number, even
 *   when it changed nothing: its sender's next pull brings back what won. Except a refusal of a
 *   writer who may not see the task (or may not make it): that leaves no trace at all.
 * - An upsert writing a value its field does not take (lib/tasks/task-fields.ts checkTaskFieldValue) is
 *   refused as `invalid`, like an operation over a limit.
 * - An operation already handled for this client is acknowledged again, or refused again with the
 *   reason and message it was refused with, without being applied or recorded twice.
 * - An operation for a task the server does not have, based on a version the sender had seen
 *   (`baseV > 0`), was meant for a task deleted and purged since: it creates nothing, and an
 *   upsert's values are kept as `after-delete` conflict records.
 * - An operation over a limit (docs/decisions/0021-sync-limits.md) stores nothing and does not
 *   move its task, so the sender's pull does not replace the change it keeps.
 */
import { canSeeTask, checkOp, type SyncActor, type TaskAccess } from './access';
import {
  ASSIGNEE_ID_FIELD,
  ASSIGNEE_NAME_FIELD,
  decideAssigneeBinding,
  missingAssigneeMessage,
  NO_ASSIGNEE_ID,
  resolveNameAlone,
  unresolvedAssigneeMessage,
} from './assignee-binding';
import { isTooFarAhead, receive, tick, type HlcState } from './hlc';
import { mergeOp, taskValues, type SyncedTask } from './merge';
import {
  type Json,
  type PushRequest,
  type PushResponse,
  type RejectReason,
  SYNC_LIMITS,
  type SyncConflictReason,
  type SyncOp,
} from './protocol';
import { inheritedOwner, mayMakeTask, OCCURRENCE_MESSAGE, occurrenceOwners } from './occurrence-owner';
import { writerKey } from './push-lookups';
import { checkTaskValues } from './task-size';
import { checkTaskFieldValue } from '../tasks/task-fields';
import type { ReplacedValue } from '../inbox/rules';

/** A task as the server stores it: its merged fields and who may see it. */
export interface StoredTask {
  synced: SyncedTask;
  ownerId: string | null;
  assigneeId: string | null;
}

export type OpOutcome = 'applied' | 'unchanged' | 'forbidden';

/** How an operation of this client was handled by an earlier push. */
export interface SeenOp {
  outcome: OpOutcome;
  message?: string;
  reason?: RejectReason;
}

export interface LimitRefusal {
  reason: Extract<RejectReason, 'too-large' | 'task-limit' | 'invalid'>;
  message: string;
}

/**
 * Why an upsert may not be stored because of a value its field does not take
 * (lib/tasks/task-fields.ts checkTaskFieldValue), or null: a browser could not show the task as sent
 * (a priority of `<b>high</b>` hid it from every board).
 */
export function checkFieldValues(fields: Readonly<Record<string, { value: Json }>>): string | null {
  for (const [field, write] of Object.entries(fields)) {
    const rule = checkTaskFieldValue(field, write.value);
    if (rule !== null) return `${rule} The change stays in this browser.`;
  }
  return null;
}

export function taskLimitMessage(maxTasks: number): string {
  return `You already have ${maxTasks.toLocaleString('en-US')} synced tasks, the most one account may have: delete some to sync new ones. The change stays in this browser.`;
}

export interface PushInput {
  actor: SyncActor;
  request: PushRequest;
  /** The number the push takes if it handles an operation for the first time. */
  seq: number;
  nowMs: number;
  /** The server's clock before the push. */
  clock: HlcState;
  /** The stored tasks the operations name, by uid (see `pushLookups`). */
  tasks: ReadonlyMap<string, StoredTask>;
  /** This client's operations handled by earlier pushes, by op id. */
  seen: ReadonlyMap<string, SeenOp>;
  /**
   * The actor's full name (NFC), read when `pushLookups` says `byName` (null: not read, or no such
   * account): a name written alone binds only its writer (./assignee-binding.ts resolveNameAlone).
   */
  actorName: string | null;
  /** Which of the ids `pushLookups` lists are users. */
  userIds: ReadonlySet<string>;
  /** Who wrote a stored value, by `writerKey(uid, seq)`; absent: unknown (op log purged, user gone). */
  writers: ReadonlyMap<string, string>;
  /** Live tasks the actor owns (read only when `pushLookups` says `countOwned`). */
  ownedTasks: number;
  maxTasksPerOwner: number;
}

/** One operation as handled now: the op-log row to write. `op` is as applied, after any re-stamp. */
export interface OpRecord {
  op: SyncOp;
  outcome: OpOutcome;
  message?: string;
  limit?: LimitRefusal;
}

export interface ConflictDraft {
  uid: string;
  field: string;
  value: Json;
  hlc: string;
  winningHlc: string | null;
  reason: SyncConflictReason;
  /** Who wrote the kept value (null: unknown). */
  authorId: string | null;
}

/** A task taken from a user who may no longer see it: their next pull names it in `gone`. */
export interface Revocation {
  uid: string;
  userId: string;
}

export interface PushDecision {
  /** The tasks to write: every task an operation changed or moved, as it ends. */
  rows: Map<string, StoredTask>;
  changes: OpRecord[];
  conflicts: ConflictDraft[];
  /** The `concurrent` records' values, with whose they were and whose write replaced them (the inbox tells the first). */
  replaced: ReplacedValue[];
  revocations: Revocation[];
  response: PushResponse;
  /** Whether an operation was handled for the first time: the push then takes `seq`. */
  touched: boolean;
  /** Tasks the push created as the next occurrence of another of its tasks: new uid → that task's uid. */
  occurrences: Map<string, string>;
  /** The server's clock after the push: the caller keeps it for the next one. */
  clock: HlcState;
}

function accessOf(task: StoredTask): TaskAccess {
  return {
    ownerId: task.ownerId,
    assigneeId: task.assigneeId,
    assignedTo: task.synced.fields[ASSIGNEE_NAME_FIELD]?.value,
    assigneeIdValue: task.synced.fields[ASSIGNEE_ID_FIELD]?.value,
  };
}

/** Decides every operation of a push in order; see the module's doc for the rules. */
export function decidePush(input: PushInput): PushDecision {
  const { actor, seq, nowMs } = input;
  const tasks = new Map<string, StoredTask>(input.tasks);
  const seen = new Map(input.seen);
  let clock = input.clock;
  let owned = input.ownedTasks;
  // An id resolved from a name (the actor's own) is a user's, whoever binds it next.
  const userIds = new Set(input.userIds);
  if (input.actorName !== null) userIds.add(actor.id);
  const decision: PushDecision = {
    rows: new Map(),
    changes: [],
    conflicts: [],
    replaced: [],
    revocations: [],
    response: { acks: [], rejected: [], seq: 0, serverHlc: '' },
    touched: false,
    occurrences: new Map(),
    clock,
  };
  const series = occurrenceOwners(input.request.ops);
  // A new task's owner: its sender, or the owner of the occurrence it follows (./occurrence-owner.ts).
  const ownerOfNew = (uid: string): string => {
    const previousUid = series.previousOf(uid);
    const previous = previousUid === undefined ? undefined : tasks.get(previousUid);
    const owner = inheritedOwner(actor, previous);
    if (owner === null) return actor.id;
    decision.occurrences.set(uid, previousUid!);
    return owner;
  };
  const { response } = decision;

  const stamp = (): string => {
    const next = tick(clock, nowMs);
    clock = next.state;
    return next.stamp;
  };
  // Stamps too far ahead of the server's clock are replaced by server stamps; the clock sees the rest.
  const restamp = (op: SyncOp): SyncOp => {
    const fix = (hlc: string) => {
      if (isTooFarAhead(hlc, nowMs, SYNC_LIMITS.maxClockDriftMs)) return stamp();
      clock = receive(clock, hlc, nowMs);
      return hlc;
    };
    if (op.kind !== 'upsert') return { ...op, hlc: fix(op.hlc) };
    const fields = Object.fromEntries(
      Object.entries(op.fields).map(([name, write]) => [name, { value: write.value, hlc: fix(write.hlc) }]),
    );
    return { ...op, fields };
  };
  const record = (op: SyncOp, outcome: OpOutcome, message?: string, limit?: LimitRefusal) => {
    decision.changes.push({ op, outcome, message, limit });
    seen.set(op.opId, { outcome, message, reason: limit?.reason });
  };
  const addConflict = (draft: Omit<ConflictDraft, 'authorId'> & { authorId?: string | null }) => {
    decision.conflicts.push({ ...draft, authorId: draft.authorId === undefined ? actor.id : draft.authorId });
  };
  const touch = (uid: string, task: StoredTask) => {
    decision.touched = true;
    const moved = { ...task, synced: { ...task.synced, version: seq } };
    tasks.set(uid, moved);
    decision.rows.set(uid, moved);
  };
  const revoke = (uid: string, userId: string) => decision.revocations.push({ uid, userId });

  const overLimit = (op: SyncOp, current: SyncedTask | undefined): LimitRefusal | null => {
    if (op.kind === 'upsert') {
      const invalid = checkFieldValues(op.fields);
      if (invalid !== null) return { reason: 'invalid', message: invalid };
      const values = current ? taskValues(current) : {};
      for (const [field, write] of Object.entries(op.fields)) values[field] = write.value;
      const message = checkTaskValues(values);
      if (message !== null) return { reason: 'too-large', message };
      // A new task: its sender becomes its owner. A delete or restore of a task the server never
      // had makes at most a tombstone, which the cap does not count.
      if (current === undefined && op.baseV === 0) {
        if (owned >= input.maxTasksPerOwner) {
          return { reason: 'task-limit', message: taskLimitMessage(input.maxTasksPerOwner) };
        }
        owned += 1;
      }
    }
    return null;
  };

  // Refused: no value changes. From a writer who may see the task (its assignee), an upsert's values
  // become `forbidden` records and the task moves, so their pull returns it as it is. From one who
  // may not, nothing is kept: no record (a stranger's records would push the owner's open ones out),
  // no op-log row, the task not moved; their browser already lost the task with the revocation made
  // when it was taken from them (docs/product.md#post-apisyncpush).
  const refuse = (task: StoredTask, op: SyncOp, message: string) => {
    response.rejected.push({ opId: op.opId, reason: 'forbidden', message });
    if (!canSeeTask(actor, task)) return;
    if (op.kind === 'upsert') {
      for (const [field, write] of Object.entries(op.fields)) {
        addConflict({ uid: op.uid, field, ...write, winningHlc: null, reason: 'forbidden' });
      }
    }
    touch(op.uid, task);
    record(op, 'forbidden', message);
  };

  // For a task deleted and purged since its sender saw it: nothing is created (the delete's stamp
  // is gone with the task, so the records have no winning stamp).
  const keepForPurged = (pushed: SyncOp) => {
    const op = restamp(pushed);
    if (op.kind === 'upsert') {
      for (const [field, write] of Object.entries(op.fields)) {
        addConflict({ uid: op.uid, field, ...write, winningHlc: null, reason: 'after-delete' });
      }
    }
    decision.touched = true;
    record(op, 'unchanged');
    response.acks.push(op.opId);
  };

  // The user the task is bound to after an operation changed it (./assignee-binding.ts); a writer
  // whose task stays unassigned is told in `notices`.
  const bindAssignee = (target: StoredTask, before: SyncedTask['fields'], opId: string): string | null => {
    const { fields } = target.synced;
    const binding = decideAssigneeBinding(before, fields);
    if (binding.kind === 'keep') return target.assigneeId;
    const title = fields.title?.value;
    let id: string | null;
    let derived: { value: string; hlc: string } | null = null;
    let notice: string | null = null;
    if (binding.kind === 'by-id') {
      id = binding.id !== null && userIds.has(binding.id) ? binding.id : null;
      if (binding.id !== null && id === null) {
        derived = { value: NO_ASSIGNEE_ID, hlc: stamp() };
        notice = missingAssigneeMessage(title);
      }
    } else {
      // The winning name's writer: the actor when this push wrote it, else not known (nobody).
      const writer =
        fields[ASSIGNEE_NAME_FIELD]?.seq === seq ? { id: actor.id, fullName: input.actorName } : null;
      id = resolveNameAlone(binding.name, writer);
      derived = { value: id ?? NO_ASSIGNEE_ID, hlc: binding.hlc };
      if (id === null && binding.name !== null) notice = unresolvedAssigneeMessage(title, binding.name);
    }
    if (derived) {
      // A derived value, not a person's write: what it replaces is not kept as a conflict record.
      const write: SyncOp = {
        kind: 'upsert',
        opId,
        uid: target.synced.uid,
        baseV: seq,
        fields: { [ASSIGNEE_ID_FIELD]: derived },
      };
      target.synced = mergeOp(target.synced, write, seq).task;
    }
    if (notice) (response.notices ??= []).push({ opId, uid: target.synced.uid, message: notice });
    return id;
  };

  const apply = (pushed: SyncOp) => {
    const stored = tasks.get(pushed.uid);
    const op = restamp(pushed);
    const before = stored?.synced.fields ?? {};
    const result = mergeOp(stored?.synced, op, seq);
    // Who wrote a stored value: the pusher when this push wrote it, else the op log's writer.
    const writerOf = (stamped: { seq: number }): string | null =>
      stamped.seq === seq ? actor.id : (input.writers.get(writerKey(op.uid, stamped.seq)) ?? null);
    for (const conflict of result.conflicts) {
      // A stored value this write overwrote unseen keeps its own writer, so the UI names who lost it.
      const kept = before[conflict.field];
      const overwritten =
        kept !== undefined &&
        kept.hlc === conflict.hlc &&
        JSON.stringify(kept.value) === JSON.stringify(conflict.value);
      const authorId = overwritten ? writerOf(kept) : actor.id;
      addConflict({ ...conflict, authorId });
      if (conflict.reason === 'concurrent') {
        // Overwritten: the pusher's write replaced it. Else the pushed value lost to the stored one.
        const winnerId = overwritten ? actor.id : kept === undefined ? null : writerOf(kept);
        decision.replaced.push({ uid: op.uid, field: conflict.field, loserId: authorId, winnerId });
      }
    }
    if (!result.changed) {
      // It lost, or repeated what is there: the task still moves, so the sender's pull brings back what won.
      if (stored) touch(op.uid, stored);
      else decision.touched = true;
    } else {
      decision.touched = true;
      const target: StoredTask = stored
        ? { ...stored, synced: result.task }
        : { synced: result.task, ownerId: ownerOfNew(op.uid), assigneeId: null };
      const assigneeId = bindAssignee(target, before, op.opId);
      if (target.assigneeId !== assigneeId) {
        // The old assignee loses sight of the task (unless they own it): their next pull drops it.
        if (target.assigneeId !== null && target.assigneeId !== target.ownerId)
          revoke(op.uid, target.assigneeId);
        target.assigneeId = assigneeId;
      }
      tasks.set(op.uid, target);
      decision.rows.set(op.uid, target);
    }
    record(op, result.changed ? 'applied' : 'unchanged');
    response.acks.push(op.opId);
  };

  for (const op of input.request.ops) {
    const earlier = seen.get(op.opId);
    if (earlier?.outcome === 'forbidden') {
      response.rejected.push({
        opId: op.opId,
        reason: earlier.reason ?? 'forbidden',
        message: earlier.message ?? '',
      });
      continue;
    }
    if (earlier) {
      response.acks.push(op.opId);
      continue;
    }
    const stored = tasks.get(op.uid);
    if (!stored) {
      // A derived uid (a future occurrence) only from who may make it; else refused, leaving no trace.
      const previousUid = series.previousOf(op.uid);
      if (!mayMakeTask(actor, op.uid, previousUid === undefined ? undefined : tasks.get(previousUid))) {
        response.rejected.push({ opId: op.opId, reason: 'forbidden', message: OCCURRENCE_MESSAGE });
        continue;
      }
    }
    const refusal = overLimit(op, stored?.synced);
    if (refusal) {
      record(op, 'forbidden', refusal.message, refusal);
      response.rejected.push({ opId: op.opId, reason: refusal.reason, message: refusal.message });
      continue;
    }
    if (!stored) {
      // baseV 0: a new task, which its sender creates and owns.
      if (op.baseV > 0) keepForPurged(op);
      else apply(op);
      continue;
    }
    // A next occurrence this push made (a restore comes first) is its sender's to fill in this push.
    const madeHere = decision.occurrences.has(op.uid) && !input.tasks.has(op.uid);
    const access = madeHere ? ({ allowed: true } as const) : checkOp(actor, accessOf(stored), op);
    if (access.allowed) apply(op);
    else refuse(stored, op, access.message);
  }

  response.seq = decision.touched ? seq : 0;
  response.serverHlc = stamp();
  decision.clock = clock;
  return decision;
}
