import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { canSeeTask, checkOp, type SyncActor, type TaskAccess } from '@/lib/sync/access';
import {
  ASSIGNEE_ID_FIELD,
  ASSIGNEE_NAME_FIELD,
  decideAssigneeBinding,
  missingAssigneeMessage,
  NO_ASSIGNEE_ID,
  unresolvedAssigneeMessage,
} from '@/lib/sync/assignee-binding';
import { createClock, isTooFarAhead, receive, tick, type HlcState } from '@/lib/sync/hlc';
import { mergeOp, type ConflictRecord, type SyncedTask } from '@/lib/sync/merge';
import {
  type PushRequest,
  type PushResponse,
  type RejectReason,
  SYNC_LIMITS,
  type SyncConflictReason,
  type SyncOp,
} from '@/lib/sync/protocol';
import { getDatabase, type Executor, type Tables, type WriteStatement } from '../db';
import { getEnv } from '../env';
import { getSyncHub, type SyncPoke } from '../sync-hub';
import { notifyStatement } from '../sync-listener';
import { capOpenConflicts, createPushLimits, refusalPayload, type LimitRefusal } from './push-limits';
import { purgeNowAndThen } from './purge';
import { chunked, readState } from './state';
import { deriveTaskColumns } from './task-columns';

/**
 * Team sync's push on the server (docs/decisions/0013-team-sync.md): pushes are applied one at a
 * time under the `sync` lock, and each push with an operation handled for the first time gets the
 * next number of a gap-free sequence. Pulls (in (version, uid) order), conflicts, users and purges
 * are in ./sync/. Who sees and writes what: lib/sync/access.ts. How two writes merge:
 * lib/sync/merge.ts.
 *
 * Rules the browser engine (lib/sync/replica.ts) relies on to converge:
 * - Every operation applied or refused for the first time gives its task the push's number, even
 *   when it changed nothing: its sender's next pull brings back what won.
 * - An operation for a task the server does not have, based on a version the sender had seen
 *   (`baseV > 0`), was meant for a task deleted and purged since: it creates nothing, and an
 *   upsert's values are kept as `after-delete` conflict records.
 * - A pull during a walk from the start (`walk=1`) never answers `reset`.
 */

type TaskRow = Tables['syncTasks']['$inferSelect'];
type ChangeRow = Tables['syncChanges']['$inferInsert'];
type ConflictRow = Tables['syncConflicts']['$inferInsert'];
type RevocationRow = Tables['syncRevocations']['$inferInsert'];
type Outcome = ChangeRow['outcome'];

// The server's own clock: it moves past every stamp a push brings and re-stamps writes from the future.
let serverClock: HlcState = createClock('server');

/** A stamp of the server's clock, later than every stamp it has seen. */
export function serverStamp(nowMs: number): string {
  const { state, stamp } = tick(serverClock, nowMs);
  serverClock = state;
  return stamp;
}

/** The op with every stamp too far ahead of `nowMs` replaced by a server stamp; the clock sees the rest. */
function restamp(op: SyncOp, nowMs: number): SyncOp {
  const fix = (hlc: string) => {
    if (isTooFarAhead(hlc, nowMs, SYNC_LIMITS.maxClockDriftMs)) return serverStamp(nowMs);
    serverClock = receive(serverClock, hlc, nowMs);
    return hlc;
  };
  if (op.kind !== 'upsert') return { ...op, hlc: fix(op.hlc) };
  const fields = Object.fromEntries(
    Object.entries(op.fields).map(([name, write]) => [name, { value: write.value, hlc: fix(write.hlc) }]),
  );
  return { ...op, fields };
}

/** A stored task while a push works on it. */
interface TaskEntry {
  synced: SyncedTask;
  ownerId: string | null;
  assigneeId: string | null;
  createdAt: Date;
  dirty: boolean;
}

function toEntry(row: TaskRow): TaskEntry {
  return {
    synced: {
      uid: row.uid,
      fields: JSON.parse(row.fields) as SyncedTask['fields'],
      life: row.life === null ? null : (JSON.parse(row.life) as SyncedTask['life']),
      version: row.version,
    },
    ownerId: row.ownerId,
    assigneeId: row.assigneeId,
    createdAt: row.createdAt,
    dirty: false,
  };
}

function accessOf(entry: TaskEntry): TaskAccess {
  return {
    ownerId: entry.ownerId,
    assigneeId: entry.assigneeId,
    assignedTo: entry.synced.fields[ASSIGNEE_NAME_FIELD]?.value,
    assigneeIdValue: entry.synced.fields[ASSIGNEE_ID_FIELD]?.value,
  };
}

/**
 * The user whose full name is exactly `name`, if exactly one has it. Names are stored NFC-normalised
 * (lib/validation/auth.ts), and `name` arrives normalised (lib/sync/assignee-binding.ts).
 */
export function assigneeResolver(
  db: Executor,
  tables: Tables,
): (name: string | null) => Promise<string | null> {
  const cache = new Map<string, string | null>();
  return async (name) => {
    if (name === null || name === '') return null;
    if (!cache.has(name)) {
      const rows = await db
        .select({ id: tables.users.id })
        .from(tables.users)
        .where(eq(tables.users.fullName, name))
        .limit(2);
      cache.set(name, rows.length === 1 ? rows[0]!.id : null);
    }
    return cache.get(name) ?? null;
  };
}

/** Whether a user with this id exists. */
function userChecker(db: Executor, tables: Tables): (id: string) => Promise<boolean> {
  const cache = new Map<string, boolean>();
  return async (id) => {
    if (!cache.has(id)) {
      const rows = await db
        .select({ id: tables.users.id })
        .from(tables.users)
        .where(eq(tables.users.id, id))
        .limit(1);
      cache.set(id, rows.length === 1);
    }
    return cache.get(id) ?? false;
  };
}

/** Who wrote a task's fields at push `seq`: a push is one user's, so any operation it applied to the task names them. */
function writerResolver(db: Executor, tables: Tables): (uid: string, seq: number) => Promise<string | null> {
  const { syncChanges } = tables;
  const cache = new Map<string, string | null>();
  return async (uid, seq) => {
    const key = `${seq}:${uid}`;
    if (!cache.has(key)) {
      const [row] = await db
        .select({ userId: syncChanges.userId })
        .from(syncChanges)
        .where(
          and(eq(syncChanges.taskUid, uid), eq(syncChanges.seq, seq), eq(syncChanges.outcome, 'applied')),
        )
        .limit(1);
      cache.set(key, row?.userId ?? null);
    }
    return cache.get(key) ?? null;
  };
}

/** One push while it is applied: what it has seen and decided, and the rows it will write. */
interface PushContext {
  actor: SyncActor;
  clientId: string;
  now: Date;
  /** The sequence number the push gets if it handles any operation for the first time. */
  seq: number;
  tasks: Map<string, TaskEntry>;
  /** Operations of this client already handled, by op id: earlier pushes and this one. */
  seen: Map<string, { outcome: Outcome; message?: string; reason?: RejectReason }>;
  resolveAssignee: (name: string | null) => Promise<string | null>;
  userExists: (id: string) => Promise<boolean>;
  /** Who wrote a task's field at push `seq` (null once the op log forgot or the user is gone). */
  writerOf: (uid: string, seq: number) => Promise<string | null>;
  changes: Omit<ChangeRow, 'seq'>[];
  conflicts: Omit<ConflictRow, 'seq'>[];
  revocations: RevocationRow[];
  response: PushResponse;
  /** Whether an operation was handled for the first time: the push then takes `seq`. */
  touched: boolean;
}

type ConflictInput = Omit<ConflictRecord, 'reason' | 'winningHlc'> & {
  reason: SyncConflictReason;
  winningHlc: string | null;
  /** Who wrote the kept value; the pusher when not given. */
  authorId?: string | null;
};

function addConflict(context: PushContext, record: ConflictInput): void {
  context.conflicts.push({
    id: randomUUID(),
    taskUid: record.uid,
    field: record.field,
    value: JSON.stringify(record.value),
    hlc: record.hlc,
    winningHlc: record.winningHlc,
    reason: record.reason,
    userId: context.actor.id,
    authorId: record.authorId === undefined ? context.actor.id : record.authorId,
    createdAt: context.now,
    resolvedAt: null,
    resolvedBy: null,
  });
}

/**
 * The op-log row: the operation as applied (after any re-stamp), plus the refusal message; an
 * over-limit refusal keeps only a marker of what it wrote (`refusalPayload`).
 */
function addChange(
  context: PushContext,
  op: SyncOp,
  outcome: Outcome,
  message?: string,
  limit?: LimitRefusal,
): void {
  const { opId, uid, ...rest } = op;
  context.changes.push({
    id: randomUUID(),
    taskUid: uid,
    userId: context.actor.id,
    clientId: context.clientId,
    opId,
    kind: op.kind,
    outcome,
    payload: limit
      ? refusalPayload(op, limit)
      : JSON.stringify(message === undefined ? rest : { ...rest, message }),
    createdAt: context.now,
  });
  context.seen.set(opId, { outcome, message, reason: limit?.reason });
}

/**
 * An operation that would take a task (or its owner) past a limit: nothing of it is stored but the
 * op-log marker, and the task does not move, so the sender's pull does not replace the change it
 * keeps (docs/decisions/0021-sync-limits.md).
 */
function refuseOverLimit(context: PushContext, op: SyncOp, refusal: LimitRefusal): void {
  addChange(context, op, 'forbidden', refusal.message, refusal);
  context.response.rejected.push({ opId: op.opId, reason: refusal.reason, message: refusal.message });
}

/** Gives the task the push's number, so that the next pull of everyone who sees it returns it. */
function touch(context: PushContext, entry: TaskEntry): void {
  context.touched = true;
  entry.synced = { ...entry.synced, version: context.seq };
  entry.dirty = true;
}

/**
 * A refused operation changes no value; its values are kept as `forbidden` conflict records. It
 * still touches the task: its sender's next pull returns the task as it is, or (when the sender may
 * not see it) names it in `gone`.
 */
function refuse(context: PushContext, entry: TaskEntry, op: SyncOp, message: string): void {
  if (op.kind === 'upsert') {
    for (const [field, write] of Object.entries(op.fields)) {
      addConflict(context, { uid: op.uid, field, ...write, winningHlc: null, reason: 'forbidden' });
    }
  }
  touch(context, entry);
  const told = context.revocations.some((row) => row.taskUid === op.uid && row.userId === context.actor.id);
  if (!told && !canSeeTask(context.actor, entry)) {
    context.revocations.push({
      id: randomUUID(),
      seq: context.seq,
      taskUid: op.uid,
      userId: context.actor.id,
    });
  }
  addChange(context, op, 'forbidden', message);
  context.response.rejected.push({ opId: op.opId, reason: 'forbidden', message });
}

/**
 * An operation for a task the server does not have, from a sender that had seen it (`baseV > 0`):
 * the task was deleted and purged since. Nothing is created; an upsert's values become
 * `after-delete` conflict records (the delete's stamp is gone with the task).
 */
function keepForPurged(context: PushContext, pushed: SyncOp): void {
  const op = restamp(pushed, context.now.getTime());
  if (op.kind === 'upsert') {
    for (const [field, write] of Object.entries(op.fields)) {
      addConflict(context, { uid: op.uid, field, ...write, winningHlc: null, reason: 'after-delete' });
    }
  }
  context.touched = true;
  addChange(context, op, 'unchanged');
  context.response.acks.push(op.opId);
}

async function apply(context: PushContext, pushed: SyncOp): Promise<void> {
  const entry = context.tasks.get(pushed.uid);
  const op = restamp(pushed, context.now.getTime());
  const before = entry?.synced.fields ?? {};
  const result = mergeOp(entry?.synced, op, context.seq);
  for (const record of result.conflicts) {
    // A stored value this write overwrote unseen keeps its own writer, so the UI names who lost it.
    const stored = before[record.field];
    const overwritten =
      stored !== undefined &&
      stored.hlc === record.hlc &&
      JSON.stringify(stored.value) === JSON.stringify(record.value);
    const authorId = !overwritten
      ? context.actor.id
      : stored.seq === context.seq
        ? context.actor.id
        : await context.writerOf(record.uid, stored.seq);
    addConflict(context, { ...record, authorId });
  }
  if (!result.changed) {
    // It lost, or repeated what is there: the task still moves, so the sender's pull brings back what won.
    if (entry) touch(context, entry);
    else context.touched = true;
  } else {
    context.touched = true;
    const target = entry ?? {
      synced: result.task,
      ownerId: context.actor.id,
      assigneeId: null,
      createdAt: context.now,
      dirty: true,
    };
    target.synced = result.task;
    target.dirty = true;
    context.tasks.set(op.uid, target);
    const assigneeId = await bindAssignee(context, target, before, op.opId);
    if (target.assigneeId !== assigneeId) {
      // The old assignee loses sight of the task (unless they own it): their next pull drops it.
      if (target.assigneeId !== null && target.assigneeId !== target.ownerId) {
        context.revocations.push({
          id: randomUUID(),
          seq: context.seq,
          taskUid: op.uid,
          userId: target.assigneeId,
        });
      }
      target.assigneeId = assigneeId;
    }
  }
  addChange(context, op, result.changed ? 'applied' : 'unchanged');
  context.response.acks.push(op.opId);
}

/**
 * The user the task is bound to after an operation changed it (lib/sync/assignee-binding.ts): the
 * stored binding unless its name or id changed; the id written when it is not older than the name
 * (an id naming no account leaves it unassigned: `assigneeId` becomes ''); otherwise the name,
 * resolved once, whose result is written to `assigneeId` with the name's stamp. A writer whose task
 * stays unassigned that way is told in the push's `notices`.
 */
async function bindAssignee(
  context: PushContext,
  target: TaskEntry,
  before: SyncedTask['fields'],
  opId: string,
): Promise<string | null> {
  const { fields } = target.synced;
  const decision = decideAssigneeBinding(before, fields);
  if (decision.kind === 'keep') return target.assigneeId;
  const title = fields.title?.value;
  let id: string | null;
  let derived: { value: string; hlc: string } | null = null;
  let notice: string | null = null;
  if (decision.kind === 'by-id') {
    id = decision.id !== null && (await context.userExists(decision.id)) ? decision.id : null;
    if (decision.id !== null && id === null) {
      derived = { value: NO_ASSIGNEE_ID, hlc: serverStamp(context.now.getTime()) };
      notice = missingAssigneeMessage(title);
    }
  } else {
    id = await context.resolveAssignee(decision.name);
    derived = { value: id ?? NO_ASSIGNEE_ID, hlc: decision.hlc };
    if (id === null && decision.name !== null) notice = unresolvedAssigneeMessage(title, decision.name);
  }
  if (derived) {
    // A derived value, not a person's write: what it replaces is not kept as a conflict record.
    const write: SyncOp = {
      kind: 'upsert',
      opId,
      uid: target.synced.uid,
      baseV: context.seq,
      fields: { [ASSIGNEE_ID_FIELD]: derived },
    };
    target.synced = mergeOp(target.synced, write, context.seq).task;
  }
  if (notice) (context.response.notices ??= []).push({ opId, uid: target.synced.uid, message: notice });
  return id;
}

/**
 * POST /api/sync/push. One `sync`-locked transaction: operations already recorded for this client
 * are acknowledged again (or refused again) without being applied; a refused operation is recorded
 * too (outcome `forbidden`), so its values become conflict records once, however often it is sent.
 * Once committed, a push that took a number pokes the live streams of the users it concerns.
 */
export async function pushChanges(actor: SyncActor, request: PushRequest): Promise<PushResponse> {
  const handle = await getDatabase();
  const response = await handle.exclusive(async (db) => {
    const { context, statements } = await applyPush(db, handle.tables, actor, request, new Date());
    const poke: SyncPoke | null = context.touched
      ? { seq: context.seq, userIds: pushAudience(context) }
      : null;
    // PostgreSQL: every instance's listener (sync-listener.ts) hears the NOTIFY at commit, this
    // one's too. SQLite: one process owns the file, so its hub holds every stream.
    if (poke && handle.dialect === 'postgres') statements.push(notifyStatement(db, poke));
    await handle.writeAll(statements);
    if (poke && handle.dialect === 'sqlite') getSyncHub().publish(poke);
    return context.response;
  }, 'sync');
  await purgeNowAndThen(handle);
  return response;
}

/**
 * Who is poked after a push: the owner and assignee of every task it touched, the assignees it
 * took tasks from (their pull names them in `gone`), and the pusher (their other devices). Admins
 * are poked anyway.
 */
function pushAudience(context: PushContext): Set<string> {
  const users = new Set([context.actor.id]);
  for (const entry of context.tasks.values()) {
    if (!entry.dirty) continue;
    if (entry.ownerId !== null) users.add(entry.ownerId);
    if (entry.assigneeId !== null) users.add(entry.assigneeId);
  }
  for (const revocation of context.revocations) users.add(revocation.userId);
  return users;
}

/**
 * Reads what the push needs and decides every operation; returns the statements that store the
 * outcome (written together by `writeAll`, after every read).
 */
async function applyPush(
  db: Executor,
  tables: Tables,
  actor: SyncActor,
  request: PushRequest,
  now: Date,
): Promise<{ context: PushContext; statements: WriteStatement[] }> {
  const { syncChanges, syncTasks } = tables;
  const { lastSeq } = await readState(db, tables);
  const context: PushContext = {
    actor,
    clientId: request.clientId,
    now,
    seq: lastSeq + 1,
    tasks: new Map(),
    seen: new Map(),
    resolveAssignee: assigneeResolver(db, tables),
    userExists: userChecker(db, tables),
    writerOf: writerResolver(db, tables),
    changes: [],
    conflicts: [],
    revocations: [],
    response: { acks: [], rejected: [], seq: 0, serverHlc: '' },
    touched: false,
  };

  const opIds = [...new Set(request.ops.map((op) => op.opId))];
  const recorded = await db
    .select({ opId: syncChanges.opId, outcome: syncChanges.outcome, payload: syncChanges.payload })
    .from(syncChanges)
    .where(and(eq(syncChanges.clientId, request.clientId), inArray(syncChanges.opId, opIds)));
  for (const row of recorded) {
    const { message, reason } = JSON.parse(row.payload) as { message?: string; reason?: RejectReason };
    context.seen.set(row.opId, { outcome: row.outcome, message, reason });
  }
  const uids = [...new Set(request.ops.map((op) => op.uid))];
  for (const row of await db.select().from(syncTasks).where(inArray(syncTasks.uid, uids))) {
    context.tasks.set(row.uid, toEntry(row));
  }

  const limits = createPushLimits(db, tables, actor, getEnv().SYNC_MAX_TASKS_PER_OWNER);
  for (const op of request.ops) {
    const earlier = context.seen.get(op.opId);
    if (earlier?.outcome === 'forbidden') {
      const message = earlier.message ?? '';
      context.response.rejected.push({ opId: op.opId, reason: earlier.reason ?? 'forbidden', message });
      continue;
    }
    if (earlier) {
      context.response.acks.push(op.opId);
      continue;
    }
    const entry = context.tasks.get(op.uid);
    const overLimit = await limits.check(op, entry?.synced);
    if (overLimit) {
      refuseOverLimit(context, op, overLimit);
      continue;
    }
    if (!entry) {
      // baseV 0: a new task, which its sender creates and owns.
      if (op.baseV > 0) keepForPurged(context, op);
      else await apply(context, op);
      continue;
    }
    const decision = checkOp(actor, accessOf(entry), op);
    if (decision.allowed) await apply(context, op);
    else refuse(context, entry, op, decision.message);
  }

  context.response.seq = context.touched ? context.seq : 0;
  context.response.serverHlc = serverStamp(now.getTime());
  const capped = await capOpenConflicts(db, tables, context.conflicts);
  context.conflicts = capped.keep;
  return {
    context,
    statements: [
      ...capped.statements,
      ...pushStatements(db, tables, context, context.touched ? context.seq : lastSeq),
    ],
  };
}

/** The statements that store what a push decided; `recordSeq` goes on its op-log and conflict rows. */
function pushStatements(
  db: Executor,
  tables: Tables,
  context: PushContext,
  recordSeq: number,
): WriteStatement[] {
  const { syncTasks, syncChanges, syncConflicts, syncRevocations, syncState } = tables;
  const statements: WriteStatement[] = [];
  for (const [uid, entry] of context.tasks) {
    if (!entry.dirty) continue;
    const values = {
      ownerId: entry.ownerId,
      assigneeId: entry.assigneeId,
      fields: JSON.stringify(entry.synced.fields),
      life: entry.synced.life === null ? null : JSON.stringify(entry.synced.life),
      deleted: entry.synced.life?.deleted === true,
      version: entry.synced.version,
      updatedAt: context.now,
      ...deriveTaskColumns(entry.synced, context.now.getTime()),
    };
    statements.push(
      db
        .insert(syncTasks)
        .values({ uid, createdAt: entry.createdAt, ...values })
        .onConflictDoUpdate({ target: syncTasks.uid, set: values }),
    );
  }
  statements.push(
    ...chunked(context.changes, (rows) =>
      db.insert(syncChanges).values(rows.map((row) => ({ ...row, seq: recordSeq }))),
    ),
    ...chunked(context.conflicts, (rows) =>
      db.insert(syncConflicts).values(rows.map((row) => ({ ...row, seq: recordSeq }))),
    ),
    ...chunked(context.revocations, (rows) => db.insert(syncRevocations).values(rows)),
  );
  // Last: a pull reads only versions up to last_seq, so it never sees half of a push.
  if (context.touched) {
    statements.push(
      db
        .insert(syncState)
        .values({ id: 1, lastSeq: context.seq, gcFloorSeq: 0 })
        .onConflictDoUpdate({ target: syncState.id, set: { lastSeq: context.seq } }),
    );
  }
  return statements;
}
