/**
 * Who may see and write which synced task (docs/decisions/0013-team-sync.md). Pure: the sync
 * service asks it for every pushed operation and every pulled row, so push and pull agree.
 *
 * - An admin sees and writes every task.
 * - A member sees and writes the tasks they own or are assigned to (by user id: the `assignee_id`
 *   the server bound, ./assignee-binding.ts), and creates new ones (they become the owner). Only the
 *   owner deletes or restores a task or changes who it is assigned to (its name or its id).
 * - A task whose owner was deleted has no owner: only admins write it (its assignee still sees it).
 */
import { ASSIGNEE_ID_FIELD, ASSIGNEE_NAME_FIELD } from './assignee-binding';
import type { Json, SyncOp } from './protocol';
import type { SyncActor } from '@/shared/auth/actor';

/** What access needs to know of a stored task. */
export interface TaskAccess {
  ownerId: string | null;
  assigneeId: string | null;
  /** The task's current `assignedTo` value (undefined: never written). */
  assignedTo: Json | undefined;
  /** The task's current `assigneeId` value (undefined: never written). */
  assigneeIdValue: Json | undefined;
}

export type AccessDecision = { allowed: true } | { allowed: false; message: string };

export const ACCESS_MESSAGES = {
  notYours: 'You can only change tasks you own or are assigned to.',
  ownerOnlyLife: 'Only the task’s owner can delete or restore it.',
  ownerOnlyAssignee: 'Only the task’s owner can change who it is assigned to.',
} as const;

export function canSeeTask(actor: SyncActor, task: Pick<TaskAccess, 'ownerId' | 'assigneeId'>): boolean {
  return actor.role === 'admin' || task.ownerId === actor.id || task.assigneeId === actor.id;
}

function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether `actor` may apply `op` to `task` (undefined: the server has never seen the uid, so the
 * actor creates it). Writing `assignedTo` or `assigneeId` with the value it already holds is not a change.
 */
export function checkOp(actor: SyncActor, task: TaskAccess | undefined, op: SyncOp): AccessDecision {
  if (actor.role === 'admin' || task === undefined) return { allowed: true };
  if (!canSeeTask(actor, task)) return { allowed: false, message: ACCESS_MESSAGES.notYours };
  if (task.ownerId === actor.id) return { allowed: true };
  if (op.kind !== 'upsert') return { allowed: false, message: ACCESS_MESSAGES.ownerOnlyLife };
  const name = op.fields[ASSIGNEE_NAME_FIELD];
  const id = op.fields[ASSIGNEE_ID_FIELD];
  if ((name && !sameJson(name.value, task.assignedTo)) || (id && !sameJson(id.value, task.assigneeIdValue))) {
    return { allowed: false, message: ACCESS_MESSAGES.ownerOnlyAssignee };
  }
  return { allowed: true };
}
