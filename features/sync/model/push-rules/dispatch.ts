import { checkOp, placeOf, type TaskAccess } from '../access';
import { ASSIGNEE_ID_FIELD, ASSIGNEE_NAME_FIELD } from '../assignee-binding';
import { mayMakeTask, OCCURRENCE_MESSAGE } from '../occurrence-owner';
import type { SyncOp } from '../protocol';
import { apply, keepForPurged, refuse } from './outcomes';
import type { PushContext } from './push-context';
import type { StoredTask } from './push-types';

/*
 * One operation of a push, in the order the rule book checks it (../push-rules.ts): handled before,
 * a task it may not make, over a limit, for a task the server does not have (new or purged), and
 * last the writer's access to the stored task.
 */

function accessOf(task: StoredTask): TaskAccess {
  return {
    ...placeOf(task),
    assignedTo: task.synced.fields[ASSIGNEE_NAME_FIELD]?.value,
    assigneeIdValue: task.synced.fields[ASSIGNEE_ID_FIELD]?.value,
  };
}

/** An operation handled by an earlier push is answered as it was then; true when it was. */
function replay(ctx: PushContext, op: SyncOp): boolean {
  const { response } = ctx.log.decision;
  const earlier = ctx.log.seen.get(op.opId);
  if (earlier?.outcome === 'forbidden') {
    response.rejected.push({
      opId: op.opId,
      reason: earlier.reason ?? 'forbidden',
      message: earlier.message ?? '',
    });
  } else if (earlier) {
    response.acks.push(op.opId);
  }
  return earlier !== undefined;
}

/** A derived uid (a future occurrence) only from who may make it; else refused, leaving no trace. */
function refusedOccurrence(ctx: PushContext, op: SyncOp): boolean {
  const previousUid = ctx.series.previousOf(op.uid);
  const previous = previousUid === undefined ? undefined : ctx.log.tasks.get(previousUid);
  if (mayMakeTask(ctx.input.actor, op.uid, previous && placeOf(previous), ctx.input.projects)) return false;
  ctx.log.decision.response.rejected.push({
    opId: op.opId,
    reason: 'forbidden',
    message: OCCURRENCE_MESSAGE,
  });
  return true;
}

/**
 * A new task only in a project its sender may add tasks to (General for any member, ADR 0049);
 * else refused, leaving no trace, as a derived uid is.
 */
function refusedEntry(ctx: PushContext, op: SyncOp): boolean {
  const entry = checkOp(ctx.input.actor, undefined, op, ctx.input.projects);
  if (entry.allowed) return false;
  ctx.log.decision.response.rejected.push({ opId: op.opId, reason: 'forbidden', message: entry.message });
  return true;
}

/** Over a limit: recorded as refused with its reason, nothing stored, the task not moved. */
function refusedOverLimit(ctx: PushContext, op: SyncOp, stored: StoredTask | undefined): boolean {
  const refusal = ctx.overLimit(op, stored?.synced);
  if (!refusal) return false;
  ctx.log.record(op, 'forbidden', refusal.message, refusal);
  ctx.log.decision.response.rejected.push({
    opId: op.opId,
    reason: refusal.reason,
    message: refusal.message,
  });
  return true;
}

/** Decides one operation of the push: see ../push-rules.ts for the rules. */
export function decideOp(ctx: PushContext, op: SyncOp): void {
  if (replay(ctx, op)) return;
  const stored = ctx.log.tasks.get(op.uid);
  if (!stored && refusedOccurrence(ctx, op)) return;
  if (refusedOverLimit(ctx, op, stored)) return;
  if (!stored) {
    // baseV 0: a new task, which its sender creates and owns.
    if (op.baseV > 0) keepForPurged(ctx, op);
    else if (!refusedEntry(ctx, op)) apply(ctx, op);
    return;
  }
  // A next occurrence this push made (a restore comes first) is its sender's to fill in this push.
  const madeHere = ctx.log.decision.occurrences.has(op.uid) && !ctx.input.tasks.has(op.uid);
  const access = madeHere
    ? ({ allowed: true } as const)
    : checkOp(ctx.input.actor, accessOf(stored), op, ctx.input.projects);
  if (access.allowed) apply(ctx, op);
  else refuse(ctx, stored, op, access.message);
}
