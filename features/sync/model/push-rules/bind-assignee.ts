import {
  ASSIGNEE_ID_FIELD,
  ASSIGNEE_NAME_FIELD,
  decideAssigneeBinding,
  missingAssigneeMessage,
  NO_ASSIGNEE_ID,
  resolveNameAlone,
  unresolvedAssigneeMessage,
} from '../assignee-binding';
import { mergeOp, type SyncedTask } from '../merge';
import type { Json, SyncOp } from '../protocol';
import type { PushContext } from './push-context';
import type { StoredTask } from './push-types';

interface Binding {
  id: string | null;
  /** The assignee id field's value the binding writes (null: none). */
  derived: { value: string; hlc: string } | null;
  /** What the writer is told when the task stays unassigned (null: nothing). */
  notice: string | null;
}

/** By id: the id when it is a user's; else the task is unassigned and its writer told. */
function bindById(ctx: PushContext, id: string | null, title: Json | undefined): Binding {
  const bound = id !== null && ctx.userIds.has(id) ? id : null;
  if (id === null || bound !== null) return { id: bound, derived: null, notice: null };
  return {
    id: null,
    derived: { value: NO_ASSIGNEE_ID, hlc: ctx.clock.stamp() },
    notice: missingAssigneeMessage(title),
  };
}

/** By a name alone: only its writer, when the actor wrote it in this push (else nobody). */
function bindByName(
  ctx: PushContext,
  fields: SyncedTask['fields'],
  binding: { name: string | null; hlc: string },
  title: Json | undefined,
): Binding {
  const { actor, seq, actorName } = ctx.input;
  // The winning name's writer: the actor when this push wrote it, else not known (nobody).
  const writer = fields[ASSIGNEE_NAME_FIELD]?.seq === seq ? { id: actor.id, fullName: actorName } : null;
  const id = resolveNameAlone(binding.name, writer);
  const notice = id === null && binding.name !== null ? unresolvedAssigneeMessage(title, binding.name) : null;
  return { id, derived: { value: id ?? NO_ASSIGNEE_ID, hlc: binding.hlc }, notice };
}

/**
 * The user the task is bound to after an operation changed it (../assignee-binding.ts); a writer
 * whose task stays unassigned is told in `notices`. A derived id is merged into `target`.
 */
export function bindAssignee(
  ctx: PushContext,
  target: StoredTask,
  before: SyncedTask['fields'],
  opId: string,
): string | null {
  const { seq } = ctx.input;
  const { fields } = target.synced;
  const binding = decideAssigneeBinding(before, fields);
  if (binding.kind === 'keep') return target.assigneeId;
  const title = fields.title?.value;
  const { id, derived, notice } =
    binding.kind === 'by-id' ? bindById(ctx, binding.id, title) : bindByName(ctx, fields, binding, title);
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
  const { response } = ctx.log.decision;
  if (notice) (response.notices ??= []).push({ opId, uid: target.synced.uid, message: notice });
  return id;
}
