import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  pushInboxEvents,
  replacedInboxEvents,
  type InboxDraft,
  type TaskPeople,
} from '@/features/inbox/model/rules';
import type { SyncActor } from '@/shared/auth/actor';
import { createClock, tick, type HlcState } from '@/features/sync/model/hlc';
import type { SyncedTask } from '@/features/sync/model/merge';
import type { PushRequest, PushResponse, RejectReason } from '@/features/sync/model/protocol';
import {
  decidePush,
  type PushDecision,
  type PushInput,
  type SeenOp,
  type StoredTask,
} from '@/features/sync/model/push-rules';
import { pushLookups, writerKey } from '@/features/sync/model/push-lookups';
import { getDatabase, type Executor, type Tables, type WriteStatement } from '@/server/db';
import { getEnv } from '@/server/env';
import { inboxStatements, taskPeopleOf } from '@/features/inbox/server/inbox-service';
import { getSyncHub, type SyncPoke } from '@/server/realtime/hub';
import { notifyStatement } from '@/server/realtime/listener';
import { capOpenConflicts, countOwnedTasks, refusalPayload } from './push-limits';
import { purgeNowAndThen } from './purge';
import { readState } from './state';
import { chunked } from '@/server/db/chunked';
import { loadProjectRoles, projectsSeenWhole } from '@/features/projects/server/roles';
import { placeOf } from '@/features/sync/model/access';
import { deriveTaskColumns } from './store/task-columns';

/**
 * Team sync's push on the server (docs/decisions/0013-team-sync.md): pushes are applied one at a
 * time under the `sync` lock, and each push with an operation handled for the first time gets the
 * next number of a gap-free sequence. A push loads what it needs (`loadPush`), lets the pure rule
 * book decide every operation (features/sync/model/push-rules.ts, also the browser tests' reference server),
 * then writes the outcome (`pushStatements`). Pulls (in (version, uid) order), conflicts, users and
 * purges are in ./sync/. Who sees and writes what: features/sync/model/access.ts. How two writes merge:
 * features/sync/model/merge.ts. A pull during a walk from the start (`walk=1`) never answers `reset`.
 */

type TaskRow = Tables['syncTasks']['$inferSelect'];

// The server's own clock: it moves past every stamp a push brings and re-stamps writes from the future.
let serverClock: HlcState = createClock('server');

/** A stamp of the server's clock, later than every stamp it has seen. */
export function serverStamp(nowMs: number): string {
  const { state, stamp } = tick(serverClock, nowMs);
  serverClock = state;
  return stamp;
}

function toStored(row: TaskRow): StoredTask {
  return {
    synced: {
      uid: row.uid,
      fields: JSON.parse(row.fields) as SyncedTask['fields'],
      life: row.life === null ? null : (JSON.parse(row.life) as SyncedTask['life']),
      version: row.version,
    },
    ownerId: row.ownerId,
    assigneeId: row.assigneeId,
  };
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
    const now = new Date();
    const input = await loadPush(db, handle.tables, actor, request, now.getTime());
    const decision = decidePush({ ...input, clock: serverClock });
    serverClock = decision.clock;
    const capped = await capOpenConflicts(db, handle.tables, decision.conflicts);
    decision.conflicts = capped.keep;
    const recordSeq = decision.touched ? input.seq : input.seq - 1;
    const statements = [
      ...capped.statements,
      ...pushStatements(db, handle.tables, decision, { actor, clientId: request.clientId, now, recordSeq }),
      ...inboxStatements(db, handle.tables, actor.id, inboxEventsOf(actor, input.tasks, decision, now), now),
    ];
    const poke: SyncPoke | null = decision.touched
      ? { seq: input.seq, userIds: pushAudience(actor, input, decision, await projectsSeenWhole(db)) }
      : null;
    // PostgreSQL: every instance's listener (sync-listener.ts) hears the NOTIFY at commit, this
    // one's too. SQLite: one process owns the file, so its hub holds every stream.
    if (poke && handle.dialect === 'postgres') statements.push(notifyStatement(db, poke));
    await handle.writeAll(statements);
    if (poke && handle.dialect === 'sqlite') getSyncHub().publish(poke);
    return decision.response;
  }, 'sync');
  await purgeNowAndThen(handle);
  return response;
}

/**
 * Who is poked after a push: the owner and assignee of every task it touched, the assignees it
 * took tasks from (their pull names them in `gone`), and the pusher (their other devices). Admins
 * are poked anyway. Everyone (null) when a task it touched is, or was, in a project someone sees
 * whole (`seenWhole`), or left its project: more people than those may see it or lose it.
 */
function pushAudience(
  actor: SyncActor,
  input: Pick<PushInput, 'tasks'>,
  decision: PushDecision,
  seenWhole: ReadonlySet<string>,
): Set<string> | null {
  for (const [uid, task] of decision.rows) {
    const before = input.tasks.get(uid);
    if (seenWhole.has(placeOf(task).projectId) || (before && seenWhole.has(placeOf(before).projectId)))
      return null;
  }
  const users = new Set([actor.id]);
  for (const task of decision.rows.values()) {
    if (task.ownerId !== null) users.add(task.ownerId);
    if (task.assigneeId !== null) users.add(task.assigneeId);
  }
  for (const revocation of decision.revocations) {
    if (revocation.userId === null) return null;
    users.add(revocation.userId);
  }
  return users;
}

/**
 * What the push did that reaches other people's inboxes (features/inbox/model/rules.ts): tasks assigned to
 * them, their tasks completed, their values replaced by a concurrent edit (the pusher's, or one the
 * pusher's write lost to). The tasks as they were and as the push leaves them.
 */
function inboxEventsOf(
  actor: SyncActor,
  stored: ReadonlyMap<string, StoredTask>,
  decision: PushDecision,
  now: Date,
): InboxDraft[] {
  const before = new Map<string, TaskPeople>();
  const after = new Map<string, TaskPeople>();
  for (const [uid, task] of decision.rows) {
    after.set(uid, taskPeopleOf(task, now.getTime()));
    const old = stored.get(uid);
    if (old) before.set(uid, taskPeopleOf(old, now.getTime()));
  }
  // A next occurrence is compared with the occurrence it follows: its assignee is not news to them.
  for (const [uid, previousUid] of decision.occurrences) {
    const previous = stored.get(previousUid) ?? decision.rows.get(previousUid);
    if (previous && !before.has(uid)) {
      before.set(uid, { ...taskPeopleOf(previous, now.getTime()), done: false, deleted: false });
    }
  }
  return [...pushInboxEvents(actor.id, before, after), ...replacedInboxEvents(decision.replaced)];
}

/**
 * Everything `decidePush` needs, read before it runs: the sequence number, this client's
 * operations already recorded, the stored tasks the push names, and the lookups `pushLookups`
 * lists (assignee ids and the actor's own name, the writers of values it may overwrite, the actor's task count).
 */
async function loadPush(
  db: Executor,
  tables: Tables,
  actor: SyncActor,
  request: PushRequest,
  nowMs: number,
): Promise<Omit<PushInput, 'clock'>> {
  const { syncChanges, syncTasks, users, projects } = tables;
  const { lastSeq } = await readState(db, tables);

  const seen = new Map<string, SeenOp>();
  const opIds = [...new Set(request.ops.map((op) => op.opId))];
  const recorded = await db
    .select({ opId: syncChanges.opId, outcome: syncChanges.outcome, payload: syncChanges.payload })
    .from(syncChanges)
    .where(and(eq(syncChanges.clientId, request.clientId), inArray(syncChanges.opId, opIds)));
  for (const row of recorded) {
    const { message, reason } = JSON.parse(row.payload) as { message?: string; reason?: RejectReason };
    seen.set(row.opId, { outcome: row.outcome, message, reason });
  }
  const tasks = new Map<string, StoredTask>();
  const uids = [...new Set(request.ops.map((op) => op.uid))];
  for (const row of await db.select().from(syncTasks).where(inArray(syncTasks.uid, uids))) {
    tasks.set(row.uid, toStored(row));
  }

  const lookups = pushLookups(request, tasks);
  const userIds = new Set<string>();
  if (lookups.ids.size > 0) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [...lookups.ids]));
    for (const user of found) userIds.add(user.id);
  }
  // A name written alone binds only its writer (features/sync/model/assignee-binding.ts resolveNameAlone).
  let actorName: string | null = null;
  if (lookups.byName) {
    const [row] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, actor.id));
    actorName = row ? row.fullName.normalize('NFC') : null;
  }

  // A push is one user's, so any operation it applied to the task names who wrote its values.
  const writers = new Map<string, string>();
  if (lookups.writers.length > 0) {
    const wanted = new Set(lookups.writers.map(({ uid, seq }) => writerKey(uid, seq)));
    const rows = await db
      .selectDistinct({ uid: syncChanges.taskUid, seq: syncChanges.seq, userId: syncChanges.userId })
      .from(syncChanges)
      .where(
        and(
          inArray(syncChanges.taskUid, [...new Set(lookups.writers.map((entry) => entry.uid))]),
          inArray(syncChanges.seq, [...new Set(lookups.writers.map((entry) => entry.seq))]),
          eq(syncChanges.outcome, 'applied'),
        ),
      );
    for (const row of rows) {
      const key = writerKey(row.uid, row.seq);
      if (wanted.has(key) && row.userId !== null) writers.set(key, row.userId);
    }
  }

  const nextNumbers = new Map(
    (await db.select({ id: projects.id, next: projects.nextNumber }).from(projects)).map((row) => [
      row.id,
      row.next,
    ]),
  );
  const maxTasksPerOwner = getEnv().SYNC_MAX_TASKS_PER_OWNER;
  return {
    actor,
    projects: await loadProjectRoles(actor, db),
    request,
    seq: lastSeq + 1,
    nowMs,
    tasks,
    seen,
    actorName,
    userIds,
    writers,
    ownedTasks: lookups.countOwned ? await countOwnedTasks(db, tables, actor) : 0,
    maxTasksPerOwner,
    nextNumbers,
  };
}

/** Each task the push wrote, as it ends, with its derived columns. */
function taskStatements(db: Executor, tables: Tables, decision: PushDecision, now: Date): WriteStatement[] {
  const { syncTasks } = tables;
  return [...decision.rows].map(([uid, entry]) => {
    const values = {
      ownerId: entry.ownerId,
      assigneeId: entry.assigneeId,
      fields: JSON.stringify(entry.synced.fields),
      life: entry.synced.life === null ? null : JSON.stringify(entry.synced.life),
      deleted: entry.synced.life?.deleted === true,
      version: entry.synced.version,
      updatedAt: now,
      ...deriveTaskColumns(entry.synced, now.getTime()),
    };
    return db
      .insert(syncTasks)
      .values({ uid, createdAt: now, ...values })
      .onConflictDoUpdate({ target: syncTasks.uid, set: values });
  });
}

/** The keys the push gave (task_keys rows) and each numbered project's next number (ADR 0049). */
function keyStatements(db: Executor, tables: Tables, decision: PushDecision, now: Date): WriteStatement[] {
  const { taskKeys, projects } = tables;
  const keys = decision.keys.map(({ projectId, number, uid }) => ({
    projectId,
    number,
    taskUid: uid,
    createdAt: now,
  }));
  return [
    ...chunked(keys, (rows) => db.insert(taskKeys).values(rows).onConflictDoNothing()),
    ...[...decision.nextNumbers].map(([id, next]) =>
      db.update(projects).set({ nextNumber: next }).where(eq(projects.id, id)),
    ),
  ];
}

/**
 * The write step: the statements that store what `decidePush` decided. `recordSeq` goes on the
 * op-log and conflict rows (the push's number, or the last one when it took none).
 */
function pushStatements(
  db: Executor,
  tables: Tables,
  decision: PushDecision,
  push: { actor: SyncActor; clientId: string; now: Date; recordSeq: number },
): WriteStatement[] {
  const { syncChanges, syncConflicts, syncRevocations, syncState } = tables;
  const { actor, now, recordSeq } = push;
  const statements = taskStatements(db, tables, decision, now);
  // The op-log row: the operation as applied (after any re-stamp), plus the refusal message; an
  // over-limit refusal keeps only a marker of what it wrote (`refusalPayload`).
  const changes = decision.changes.map(({ op, outcome, message, limit }) => {
    const { opId, uid, ...rest } = op;
    return {
      id: randomUUID(),
      seq: recordSeq,
      taskUid: uid,
      userId: actor.id,
      clientId: push.clientId,
      opId,
      kind: op.kind,
      outcome,
      payload: limit
        ? refusalPayload(op, limit)
        : JSON.stringify(message === undefined ? rest : { ...rest, message }),
      createdAt: now,
    };
  });
  const conflicts = decision.conflicts.map((draft) => ({
    id: randomUUID(),
    seq: recordSeq,
    taskUid: draft.uid,
    field: draft.field,
    value: JSON.stringify(draft.value),
    hlc: draft.hlc,
    winningHlc: draft.winningHlc,
    reason: draft.reason,
    userId: actor.id,
    authorId: draft.authorId,
    createdAt: now,
    resolvedAt: null,
    resolvedBy: null,
  }));
  const revocations = decision.revocations.map(({ uid, userId }) => ({
    id: randomUUID(),
    seq: recordSeq,
    taskUid: uid,
    userId,
  }));
  statements.push(
    // After the tasks: a key names a stored task.
    ...keyStatements(db, tables, decision, now),
    ...chunked(changes, (rows) => db.insert(syncChanges).values(rows)),
    ...chunked(conflicts, (rows) => db.insert(syncConflicts).values(rows)),
    ...chunked(revocations, (rows) => db.insert(syncRevocations).values(rows)),
  );
  // Last: a pull reads only versions up to last_seq, so it never sees half of a push.
  if (decision.touched) {
    statements.push(
      db
        .insert(syncState)
        .values({ id: 1, lastSeq: recordSeq, gcFloorSeq: 0 })
        .onConflictDoUpdate({ target: syncState.id, set: { lastSeq: recordSeq } }),
    );
  }
  return statements;
}
