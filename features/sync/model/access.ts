/**
 * Who may see and write which synced task (docs/decisions/0013-team-sync.md, 0049-projects.md). Pure:
 * the sync service asks it for every pushed operation and every pulled row, so push and pull agree.
 *
 * A task is in a project (its `projectId` field, else General), and what a person may do with it is
 * their role there (features/projects/model/roles.ts, the role matrix):
 * - An admin manages every project: sees and writes every task.
 * - Assigned only (General's role for the team, so the rule of before projects): the tasks they own
 *   or are assigned to (by user id: the `assignee_id` the server bound, ./assignee-binding.ts); they
 *   create new ones (they become the owner). Only the owner deletes or restores a task, changes who
 *   it is assigned to, or moves it to another project.
 * - Commenter: every task of the project, read only (comments are not task writes).
 * - Member and manager: every task of the project, every write.
 * - A task whose owner was deleted has no owner: its owner's rights are nobody's (but an admin's,
 *   a member's or a manager's); its assignee still sees and edits it.
 * - An archived project's tasks are read only.
 */
import { ASSIGNEE_ID_FIELD, ASSIGNEE_NAME_FIELD } from './assignee-binding';
import type { Json, SyncOp } from './protocol';
import { PROJECT_ID_FIELD, taskProjectId } from '@/features/projects/model/project-key';
import {
  can,
  standingIn,
  type ProjectCommand,
  type ProjectRoles,
  type ProjectStanding,
} from '@/features/projects/model/roles';
import type { SyncActor } from '@/shared/auth/actor';

/** What access needs to know of a stored task. */
export interface TaskAccess {
  ownerId: string | null;
  assigneeId: string | null;
  /** The task's project (its `projectId` field, else General: `taskProjectId`). */
  projectId: string;
  /** The task's current `assignedTo` value (undefined: never written). */
  assignedTo: Json | undefined;
  /** The task's current `assigneeId` value (undefined: never written). */
  assigneeIdValue: Json | undefined;
}

/** Who sees a task: its project, owner and assignee. */
export type TaskPlace = Pick<TaskAccess, 'ownerId' | 'assigneeId' | 'projectId'>;

/** Where a stored task is, from its row and its fields. */
export function placeOf(task: {
  ownerId: string | null;
  assigneeId: string | null;
  synced: { fields: Record<string, { value: Json } | undefined> };
}): TaskPlace {
  const projectId = taskProjectId(task.synced.fields[PROJECT_ID_FIELD]?.value);
  return { ownerId: task.ownerId, assigneeId: task.assigneeId, projectId };
}

export type AccessDecision = { allowed: true } | { allowed: false; message: string };

export const ACCESS_MESSAGES = {
  notYours: 'You can only change tasks you own or are assigned to.',
  ownerOnlyLife: 'Only the task’s owner can delete or restore it.',
  ownerOnlyAssignee: 'Only the task’s owner can change who it is assigned to.',
  ownerOnlyMove: 'Only the task’s owner can move it to another project.',
  readOnly: 'You can read and comment on the tasks of this project, not change them.',
  archived: 'This project is archived: its tasks cannot be changed.',
  noProject: 'You cannot add tasks to that project.',
} as const;

export function canSeeTask(actor: SyncActor, task: TaskPlace, roles: ProjectRoles): boolean {
  if (actor.role === 'admin') return true;
  const standing = standingIn(roles, task.projectId);
  return can(standing.role, 'see', { project: standing, userId: actor.id, task });
}

function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The refusal of `command`: the rule's own sentence for the role that could run it on its own tasks. */
function refusal(standing: ProjectStanding, command: ProjectCommand): AccessDecision {
  if (standing.role === 'commenter') return { allowed: false, message: ACCESS_MESSAGES.readOnly };
  const message =
    command === 'delete'
      ? ACCESS_MESSAGES.ownerOnlyLife
      : command === 'assign'
        ? ACCESS_MESSAGES.ownerOnlyAssignee
        : command === 'move-out'
          ? ACCESS_MESSAGES.ownerOnlyMove
          : ACCESS_MESSAGES.notYours;
  return { allowed: false, message };
}

/** Whether `actor` may put a task in `projectId` (creating it there, or moving it in). */
function checkEntry(actor: SyncActor, projectId: string, roles: ProjectRoles): AccessDecision {
  const standing = standingIn(roles, projectId);
  // Someone with no role there learns nothing of it, archived or not.
  if (standing.role !== null && standing.archived)
    return { allowed: false, message: ACCESS_MESSAGES.archived };
  return can(standing.role, 'create', { project: standing, userId: actor.id })
    ? { allowed: true }
    : { allowed: false, message: ACCESS_MESSAGES.noProject };
}

/**
 * The commands an upsert on `task` runs, in the order they are checked: a move, a change of
 * assignee, and an edit (of any other field, or when it changes nothing of those two).
 */
function upsertCommands(task: TaskAccess, op: Extract<SyncOp, { kind: 'upsert' }>): ProjectCommand[] {
  const commands: ProjectCommand[] = [];
  const project = op.fields[PROJECT_ID_FIELD];
  if (project && taskProjectId(project.value) !== task.projectId) commands.push('move-out');
  const name = op.fields[ASSIGNEE_NAME_FIELD];
  const id = op.fields[ASSIGNEE_ID_FIELD];
  if ((name && !sameJson(name.value, task.assignedTo)) || (id && !sameJson(id.value, task.assigneeIdValue)))
    commands.push('assign');
  const special = new Set([PROJECT_ID_FIELD, ASSIGNEE_NAME_FIELD, ASSIGNEE_ID_FIELD]);
  if (Object.keys(op.fields).some((field) => !special.has(field)) || commands.length === 0)
    commands.push('edit');
  return commands;
}

/**
 * Whether `actor` may apply `op` to `task` (undefined: the server has never seen the uid, so the
 * actor creates it, in the project the op names). Writing `assignedTo`, `assigneeId` or `projectId`
 * with the value it already holds is not a change.
 */
export function checkOp(
  actor: SyncActor,
  task: TaskAccess | undefined,
  op: SyncOp,
  roles: ProjectRoles,
): AccessDecision {
  if (task === undefined) {
    const project = op.kind === 'upsert' ? op.fields[PROJECT_ID_FIELD] : undefined;
    return checkEntry(actor, taskProjectId(project?.value), roles);
  }
  if (!canSeeTask(actor, task, roles)) return { allowed: false, message: ACCESS_MESSAGES.notYours };
  const standing = standingIn(roles, task.projectId);
  if (standing.archived) return { allowed: false, message: ACCESS_MESSAGES.archived };
  const commands: readonly ProjectCommand[] = op.kind === 'upsert' ? upsertCommands(task, op) : ['delete'];
  for (const command of commands) {
    if (!can(standing.role, command, { project: standing, userId: actor.id, task }))
      return refusal(standing, command);
  }
  if (commands.includes('move-out') && op.kind === 'upsert') {
    return checkEntry(actor, taskProjectId(op.fields[PROJECT_ID_FIELD]?.value), roles);
  }
  return { allowed: true };
}
