import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
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
import { mergeOp, taskValues, type ConflictRecord, type SyncedTask, type SyncOp } from '@/lib/sync/merge';
import {
  formatCursor,
  parseCursor,
  START_CURSOR,
  SYNC_LIMITS,
  type ConflictsResponse,
  type PulledTask,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type RejectReason,
  type SyncConflict,
  type SyncConflictReason,
  type SyncUsersResponse,
} from '@/lib/sync/protocol';
import { compareNames } from '@/lib/sync/assignees';
import { getDatabase, type DatabaseHandle, type Executor, type Tables, type WriteStatement } from './db';
import { getEnv, isTeamSyncOn } from './env';
import { AppError } from './errors';
import { logger } from './logger';
import { getSyncHub, type SyncPoke } from './sync-hub';
import { notifyStatement } from './sync-listener';
import { capOpenConflicts, createPushLimits, refusalPayload, type LimitRefusal } from './sync/push-limits';

/**
 * Team sync on the server (docs/decisions/0013-team-sync.md): pushes are applied one at a time
 * under the `sync` lock, each push with an operation handled for the first time gets the next
 * number of a gap-free sequence, and pulls walk the tasks in (version, uid) order. Who sees and
 * writes what: lib/sync/access.ts. How two writes merge: lib/sync/merge.ts.
 *
 * Rules the browser engine (lib/sync/replica.ts) relies on to converge:
 * - Every operation applied or refused for the first time gives its task the push's number, even
 *   when it changed nothing: its sender's next pull brings back what won.
 * - An operation for a task the server does not have, based on a version the sender had seen
 *   (`baseV > 0`), was meant for a task deleted and purged since: it creates nothing, and an
 *   upsert's values are kept as `after-delete` conflict records.
 * - A pull during a walk from the start (`walk=1`) never answers `reset`.
 */

export const SYNC_DISABLED_MESSAGE = 'Team sync is not enabled on this server.';
const CONFLICT_LIST_LIMIT = 200;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${SYNC_LIMITS.maxPullLimit}.`;
const CHANGE_LOG_DAYS = 30;
/** Refused (`forbidden`) and `after-delete` conflict records are purged after this many days. */
const CONFLICT_RECORD_DAYS = 30;
const PURGE_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** Rows per INSERT: keeps every statement well under both drivers' bound-parameter limits. */
const INSERT_CHUNK = 500;

type TaskRow = Tables['syncTasks']['$inferSelect'];
type ChangeRow = Tables['syncChanges']['$inferInsert'];
type ConflictRow = Tables['syncConflicts']['$inferInsert'];
type RevocationRow = Tables['syncRevocations']['$inferInsert'];
type Outcome = ChangeRow['outcome'];

/** 404 SYNC_DISABLED unless TEAM_SYNC=on: checked first by every /api/sync route. */
export function assertSyncEnabled(): void {
  if (!isTeamSyncOn()) throw new AppError('SYNC_DISABLED', SYNC_DISABLED_MESSAGE);
}

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

/** One statement per INSERT_CHUNK rows (none for no rows). */
function chunked<T>(rows: readonly T[], statement: (chunk: T[]) => WriteStatement): WriteStatement[] {
  const statements: WriteStatement[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    statements.push(statement(rows.slice(start, start + INSERT_CHUNK)));
  }
  return statements;
}

async function readState(db: Executor, tables: Tables): Promise<{ lastSeq: number; gcFloorSeq: number }> {
  const [row] = await db.select().from(tables.syncState).where(eq(tables.syncState.id, 1));
  return { lastSeq: row?.lastSeq ?? 0, gcFloorSeq: row?.gcFloorSeq ?? 0 };
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

/** The number of the last push (0 before the first): a stream's first poke carries it. */
export async function lastSyncSeq(): Promise<number> {
  const { db, tables } = await getDatabase();
  return (await readState(db, tables)).lastSeq;
}

/** The `limit` query parameter of a pull, default 500; pullChanges checks its range. */
export function parsePullLimit(raw: string | null): number {
  if (raw === null || raw === '') return SYNC_LIMITS.maxPullLimit;
  if (!/^\d{1,4}$/.test(raw)) throw new AppError('VALIDATION_ERROR', LIMIT_MESSAGE);
  return Number(raw);
}

function visibleTo(tables: Tables, actor: SyncActor): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  const { syncTasks } = tables;
  return or(eq(syncTasks.ownerId, actor.id), eq(syncTasks.assigneeId, actor.id));
}

function toPulled(row: TaskRow): PulledTask {
  if (row.deleted) return { uid: row.uid, v: row.version, deleted: true, data: {} };
  const fields = JSON.parse(row.fields) as SyncedTask['fields'];
  return {
    uid: row.uid,
    v: row.version,
    deleted: false,
    data: taskValues({ uid: row.uid, fields, life: null, version: row.version }),
  };
}

/**
 * GET /api/sync/pull. The tasks the actor may see changed after `cursor`, in (version, uid) order,
 * up to the last push that has finished; the tasks reassigned away from them since; or `reset`
 * when tombstones the cursor has not passed were purged. During a walk from the start (`walk`)
 * there is no `reset`: the walk's cursors pass below the purged versions on the way, and what the
 * walk does not bring back is dropped by the browser anyway.
 */
export async function pullChanges(
  actor: SyncActor,
  cursor: string,
  limit: number,
  options: { walk?: boolean } = {},
): Promise<PullResponse> {
  const after = parseCursor(cursor);
  if (!after) throw new AppError('VALIDATION_ERROR', 'cursor must look like <version>:<uid>.');
  if (!Number.isInteger(limit) || limit < 1 || limit > SYNC_LIMITS.maxPullLimit) {
    throw new AppError('VALIDATION_ERROR', LIMIT_MESSAGE);
  }
  const { db, tables } = await getDatabase();
  const { syncTasks, syncRevocations } = tables;
  const { lastSeq, gcFloorSeq } = await readState(db, tables);
  if (!options.walk && after.version > 0 && after.version < gcFloorSeq) {
    return { changes: [], gone: [], cursor: START_CURSOR, more: true, reset: true };
  }

  const rows = await db
    .select()
    .from(syncTasks)
    .where(
      and(
        or(
          gt(syncTasks.version, after.version),
          and(eq(syncTasks.version, after.version), gt(syncTasks.uid, after.uid)),
        ),
        lte(syncTasks.version, lastSeq),
        visibleTo(tables, actor),
      ),
    )
    .orderBy(asc(syncTasks.version), asc(syncTasks.uid))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);

  // With nothing more to read, the cursor moves up to last_seq: every task visible at that version
  // or below has been returned, and a task that becomes visible later gets a newer version.
  let next = cursor;
  if (last && (more || last.version === lastSeq)) next = formatCursor(last.version, last.uid);
  else if (lastSeq > after.version) next = formatCursor(lastSeq, '');

  let gone: string[] = [];
  if (actor.role !== 'admin') {
    const revoked = await db
      .selectDistinct({ uid: syncRevocations.taskUid })
      .from(syncRevocations)
      .where(
        and(
          eq(syncRevocations.userId, actor.id),
          gt(syncRevocations.seq, after.version),
          lte(syncRevocations.seq, lastSeq),
        ),
      );
    const uids = revoked.map((row) => row.uid);
    if (uids.length > 0) {
      const current = await db
        .select({ uid: syncTasks.uid, ownerId: syncTasks.ownerId, assigneeId: syncTasks.assigneeId })
        .from(syncTasks)
        .where(inArray(syncTasks.uid, uids));
      const visible = new Set(current.filter((task) => canSeeTask(actor, task)).map((task) => task.uid));
      gone = uids.filter((uid) => !visible.has(uid)).sort();
    }
  }
  return { changes: page.map(toPulled), gone, cursor: next, more, reset: false };
}

/**
 * GET /api/sync/users: every user of the deployment as `{ id, name }`, sorted by name (then id) in
 * JavaScript, so both dialects give the same order whatever their collation. Names only: a member
 * needs them to assign a task (the assignee is found by full name) and nothing more.
 */
export async function listSyncUsers(): Promise<SyncUsersResponse> {
  const { db, tables } = await getDatabase();
  const rows = await db.select({ id: tables.users.id, name: tables.users.fullName }).from(tables.users);
  const users = rows.map((row) => ({ id: row.id, name: row.name }));
  users.sort((a, b) => compareNames(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { users };
}

/** Who may see which conflict records: those on tasks the actor sees, and every record their own pushes made. */
function conflictsVisibleTo(db: Executor, tables: Tables, actor: SyncActor): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  const { syncConflicts, syncTasks } = tables;
  return or(
    eq(syncConflicts.userId, actor.id),
    inArray(
      syncConflicts.taskUid,
      db.select({ uid: syncTasks.uid }).from(syncTasks).where(visibleTo(tables, actor)),
    ),
  );
}

/** The conflict rows matching `where`, with their author's name, newest first. */
async function selectConflicts(
  db: Executor,
  tables: Tables,
  where: SQL | undefined,
  limit: number,
): Promise<SyncConflict[]> {
  const { syncConflicts, users } = tables;
  const rows = await db
    .select({ row: syncConflicts, authorName: users.fullName })
    .from(syncConflicts)
    .leftJoin(users, eq(users.id, syncConflicts.authorId))
    .where(where)
    .orderBy(desc(syncConflicts.seq), desc(syncConflicts.createdAt), asc(syncConflicts.id))
    .limit(limit);
  return rows.map(({ row, authorName }) => ({
    id: row.id,
    uid: row.taskUid,
    field: row.field,
    value: JSON.parse(row.value) as SyncConflict['value'],
    hlc: row.hlc,
    winningHlc: row.winningHlc,
    reason: row.reason,
    userId: row.userId,
    authorId: row.authorId,
    authorName: authorName ?? null,
    seq: row.seq,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
  }));
}

/**
 * GET /api/sync/conflicts: records on tasks the actor may see, and every record their own pushes
 * made; only the open ones unless `all` (settled ones too).
 */
export async function listConflicts(
  actor: SyncActor,
  options: { uid?: string; all?: boolean } = {},
): Promise<ConflictsResponse> {
  const { db, tables } = await getDatabase();
  const { syncConflicts } = tables;
  const where = and(
    options.uid === undefined ? undefined : eq(syncConflicts.taskUid, options.uid),
    options.all ? undefined : isNull(syncConflicts.resolvedAt),
    conflictsVisibleTo(db, tables, actor),
  );
  return { conflicts: await selectConflicts(db, tables, where, CONFLICT_LIST_LIMIT) };
}

export const CONFLICT_NOT_FOUND_MESSAGE = 'No such conflict record.';

/**
 * POST /api/sync/conflicts/{id}/resolve: settles one record the actor may see (Restore or Dismiss
 * in the UI; a restore's value travels as an ordinary edit). A second call changes nothing and
 * answers the same. 404 for an id the actor may not see, so ids of others' records leak nothing.
 */
export async function resolveConflict(actor: SyncActor, id: string): Promise<{ conflict: SyncConflict }> {
  const { db, tables } = await getDatabase();
  const { syncConflicts } = tables;
  const target = and(eq(syncConflicts.id, id), conflictsVisibleTo(db, tables, actor));
  await db
    .update(syncConflicts)
    .set({ resolvedAt: new Date(), resolvedBy: actor.id })
    .where(and(target, isNull(syncConflicts.resolvedAt)));
  const [conflict] = await selectConflicts(db, tables, target, 1);
  if (!conflict) throw new AppError('NOT_FOUND', CONFLICT_NOT_FOUND_MESSAGE);
  return { conflict };
}

/**
 * Deletes the tasks deleted (and untouched since) more than SYNC_TOMBSTONE_DAYS (at least one)
 * before `now`: a browser restarts a walk older than lib/sync/replica.ts's MAX_WALK_AGE_MS, so a
 * walk never misses a delete purged while it runs. Raises gc_floor_seq past them so that a cursor
 * that may not have seen a purged delete resets; drops op-log rows older than 30 days, and
 * `forbidden` and `after-delete` conflict records older than 30 days.
 */
export async function purgeTombstones(now: Date): Promise<{ purged: number; gcFloorSeq: number }> {
  const handle = await getDatabase();
  const { syncTasks, syncChanges, syncConflicts, syncRevocations, syncState } = handle.tables;
  const cutoff = new Date(now.getTime() - Math.max(getEnv().SYNC_TOMBSTONE_DAYS, 1) * DAY_MS);
  return handle.exclusive(async (db) => {
    const state = await readState(db, handle.tables);
    const expired = await db
      .select({ uid: syncTasks.uid, version: syncTasks.version })
      .from(syncTasks)
      .where(and(eq(syncTasks.deleted, true), lt(syncTasks.updatedAt, cutoff)));
    let gcFloorSeq = state.gcFloorSeq;
    for (const row of expired) gcFloorSeq = Math.max(gcFloorSeq, row.version + 1);
    const uids = expired.map((row) => row.uid);
    const statements: WriteStatement[] = [
      ...chunked(uids, (chunk) => db.delete(syncTasks).where(inArray(syncTasks.uid, chunk))),
      ...chunked(uids, (chunk) => db.delete(syncRevocations).where(inArray(syncRevocations.taskUid, chunk))),
      db
        .delete(syncChanges)
        .where(lt(syncChanges.createdAt, new Date(now.getTime() - CHANGE_LOG_DAYS * DAY_MS))),
      // Refused writes and edits of purged tasks are kept for inspection, not forever (they were
      // the cheapest way to grow the database); values that lost a race stay until settled.
      db
        .delete(syncConflicts)
        .where(
          and(
            inArray(syncConflicts.reason, ['forbidden', 'after-delete']),
            lt(syncConflicts.createdAt, new Date(now.getTime() - CONFLICT_RECORD_DAYS * DAY_MS)),
          ),
        ),
    ];
    if (gcFloorSeq !== state.gcFloorSeq) {
      statements.push(
        db
          .insert(syncState)
          .values({ id: 1, lastSeq: state.lastSeq, gcFloorSeq })
          .onConflictDoUpdate({ target: syncState.id, set: { gcFloorSeq } }),
      );
    }
    await handle.writeAll(statements);
    return { purged: expired.length, gcFloorSeq };
  }, 'sync');
}

const lastPurge = new WeakMap<DatabaseHandle, number>();

/** At most once an hour per database, after a push: a failure is logged, the push has succeeded. */
async function purgeNowAndThen(handle: DatabaseHandle): Promise<void> {
  const nowMs = Date.now();
  if (nowMs - (lastPurge.get(handle) ?? 0) < PURGE_INTERVAL_MS) return;
  lastPurge.set(handle, nowMs);
  try {
    await purgeTombstones(new Date(nowMs));
  } catch (error) {
    logger.error('Purging sync tombstones failed', error);
  }
}
