import { TASK_NUMBER_FIELD, taskNumber } from '@/features/projects/model/project-key';
import { inheritedOwner } from '../occurrence-owner';
import { canSeeTask, placeOf } from '../access';
import { mergeOp, type MergeResult, type SyncedTask } from '../merge';
import type { SyncOp } from '../protocol';
import { writerKey } from '../push-lookups';
import { bindAssignee } from './bind-assignee';
import type { PushContext } from './push-context';
import type { StoredTask } from './push-types';

/*
 * The three ends of an operation that passed the replay and limit checks: refused, kept for a task
 * purged since, or applied.
 */

/**
 * Refused: no value changes. From a writer who may see the task (its assignee), an upsert's values
 * become `forbidden` records and the task moves, so their pull returns it as it is. From one who
 * may not, nothing is kept: no record (a stranger's records would push the owner's open ones out),
 * no op-log row, the task not moved; their browser already lost the task with the revocation made
 * when it was taken from them (docs/product.md#post-apisyncpush).
 */
export function refuse(ctx: PushContext, task: StoredTask, op: SyncOp, message: string): void {
  const { log } = ctx;
  log.decision.response.rejected.push({ opId: op.opId, reason: 'forbidden', message });
  if (!canSeeTask(ctx.input.actor, placeOf(task), ctx.input.projects)) return;
  if (op.kind === 'upsert') {
    for (const [field, write] of Object.entries(op.fields)) {
      log.addConflict({ uid: op.uid, field, ...write, winningHlc: null, reason: 'forbidden' });
    }
  }
  log.touch(op.uid, task);
  log.record(op, 'forbidden', message);
}

/**
 * For a task deleted and purged since its sender saw it: nothing is created (the delete's stamp
 * is gone with the task, so the records have no winning stamp).
 */
export function keepForPurged(ctx: PushContext, pushed: SyncOp): void {
  const { log } = ctx;
  const op = ctx.clock.restamp(pushed);
  if (op.kind === 'upsert') {
    for (const [field, write] of Object.entries(op.fields)) {
      log.addConflict({ uid: op.uid, field, ...write, winningHlc: null, reason: 'after-delete' });
    }
  }
  log.decision.touched = true;
  log.record(op, 'unchanged');
  log.decision.response.acks.push(op.opId);
}

/** A new task's owner: its sender, or the owner of the occurrence it follows (../occurrence-owner.ts). */
function ownerOfNew(ctx: PushContext, uid: string): string {
  const { actor } = ctx.input;
  const previousUid = ctx.series.previousOf(uid);
  const previous = previousUid === undefined ? undefined : ctx.log.tasks.get(previousUid);
  const owner = inheritedOwner(actor, previous && placeOf(previous), ctx.input.projects);
  if (owner === null) return actor.id;
  ctx.log.decision.occurrences.set(uid, previousUid!);
  return owner;
}

/**
 * The merge's conflict records, each with its author, and the `concurrent` ones' values as replaced
 * (whose they were, whose write replaced them: the inbox tells the first).
 */
function keepConflicts(
  ctx: PushContext,
  op: SyncOp,
  result: MergeResult,
  before: SyncedTask['fields'],
): void {
  const { actor, seq, writers } = ctx.input;
  // Who wrote a stored value: the pusher when this push wrote it, else the op log's writer.
  const writerOf = (stamped: { seq: number }): string | null =>
    stamped.seq === seq ? actor.id : (writers.get(writerKey(op.uid, stamped.seq)) ?? null);
  for (const conflict of result.conflicts) {
    // A stored value this write overwrote unseen keeps its own writer, so the UI names who lost it.
    const kept = before[conflict.field];
    const overwritten =
      kept !== undefined &&
      kept.hlc === conflict.hlc &&
      JSON.stringify(kept.value) === JSON.stringify(conflict.value);
    const authorId = overwritten ? writerOf(kept) : actor.id;
    ctx.log.addConflict({ ...conflict, authorId });
    if (conflict.reason === 'concurrent') {
      // Overwritten: the pusher's write replaced it. Else the pushed value lost to the stored one.
      const winnerId = overwritten ? actor.id : kept === undefined ? null : writerOf(kept);
      ctx.log.decision.replaced.push({ uid: op.uid, field: conflict.field, loserId: authorId, winnerId });
    }
  }
}

/** The changed task, bound to its assignee; an assignee it no longer has loses sight of it. */
function placeChanged(
  ctx: PushContext,
  op: SyncOp,
  stored: StoredTask | undefined,
  result: MergeResult,
): void {
  const before = stored?.synced.fields ?? {};
  const target: StoredTask = stored
    ? { ...stored, synced: result.task }
    : { synced: result.task, ownerId: ownerOfNew(ctx, op.uid), assigneeId: null };
  const assigneeId = bindAssignee(ctx, target, before, op.opId);
  if (target.assigneeId !== assigneeId) {
    // The old assignee loses sight of the task (unless they own it): their next pull drops it.
    if (target.assigneeId !== null && target.assigneeId !== target.ownerId)
      ctx.log.revoke(op.uid, target.assigneeId);
    target.assigneeId = assigneeId;
  }
  // Moved to another project: whoever saw it there and may not here loses sight of it.
  if (stored && placeOf(stored).projectId !== placeOf(target).projectId) ctx.log.revoke(op.uid, null);
  ctx.log.put(op.uid, numbered(ctx, op.uid, stored, target));
}

/**
 * The task with its number in its project: kept while it stays there numbered, else the project's
 * next one, stamped by the server (a task made there, moved there, or stored before numbers).
 */
function numbered(
  ctx: PushContext,
  uid: string,
  stored: StoredTask | undefined,
  target: StoredTask,
): StoredTask {
  const { projectId } = placeOf(target);
  const kept = taskNumber(target.synced.fields[TASK_NUMBER_FIELD]?.value);
  if (stored && kept !== null && placeOf(stored).projectId === projectId) return target;
  const { nextNumbers, keys } = ctx.log.decision;
  const number = nextNumbers.get(projectId) ?? ctx.input.nextNumbers.get(projectId) ?? 1;
  nextNumbers.set(projectId, number + 1);
  keys.push({ projectId, number, uid });
  const write = { value: number, hlc: ctx.clock.stamp(), seq: ctx.input.seq };
  return {
    ...target,
    synced: { ...target.synced, fields: { ...target.synced.fields, [TASK_NUMBER_FIELD]: write } },
  };
}

/** The operation without a write to a field only the server writes (`number`). */
function withoutServerFields(op: SyncOp): SyncOp {
  if (op.kind !== 'upsert' || !(TASK_NUMBER_FIELD in op.fields)) return op;
  const { [TASK_NUMBER_FIELD]: _dropped, ...fields } = op.fields;
  return { ...op, fields };
}

/** Applied: merged into the stored task (or a new one), its conflicts kept; acknowledged. */
export function apply(ctx: PushContext, pushed: SyncOp): void {
  const { log } = ctx;
  const stored = log.tasks.get(pushed.uid);
  const op = ctx.clock.restamp(withoutServerFields(pushed));
  const result = mergeOp(stored?.synced, op, ctx.input.seq);
  keepConflicts(ctx, op, result, stored?.synced.fields ?? {});
  if (!result.changed) {
    // It lost, or repeated what is there: the task still moves, so the sender's pull brings back what won.
    if (stored) log.touch(op.uid, stored);
    else log.decision.touched = true;
  } else {
    log.decision.touched = true;
    placeChanged(ctx, op, stored, result);
  }
  log.record(op, result.changed ? 'applied' : 'unchanged');
  log.decision.response.acks.push(op.opId);
}
