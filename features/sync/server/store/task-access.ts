import 'server-only';
import { eq } from 'drizzle-orm';
import { loadProjectRoles, projectsSeenWhole } from '@/features/projects/server/roles';
import { canSeeTask, type TaskPlace } from '@/features/sync/model/access';
import type { SyncActor } from '@/shared/auth/actor';
import type { DatabaseHandle, Executor, Tables, WriteStatement } from '@/server/db';
import { getSyncHub, type CommentsPoke } from '@/server/realtime/hub';
import { notifyCommentsStatement } from '@/server/realtime/listener';
import { AppError } from '@/server/errors';

/** Where a stored task is (its project, owner and assignee) and whether it is deleted. */
export interface TaskAccessRow extends TaskPlace {
  deleted: boolean;
}

/** The stored task `uid`'s place, or undefined when there is no such row. */
export async function readTaskPlace(
  db: Executor,
  tables: Tables,
  uid: string,
): Promise<TaskAccessRow | undefined> {
  const { syncTasks } = tables;
  const [task] = await db
    .select({
      ownerId: syncTasks.ownerId,
      assigneeId: syncTasks.assigneeId,
      projectId: syncTasks.projectId,
      deleted: syncTasks.deleted,
    })
    .from(syncTasks)
    .where(eq(syncTasks.uid, uid));
  return task;
}

/**
 * The task `uid` when `actor` may see it (features/sync/model/access.ts canSeeTask). Throws 404 with
 * `notFoundMessage` alike for a task that does not exist and one they may not see: what is beside a
 * task (its comments, its files) tells nobody else that it exists.
 */
export async function visibleTask(
  db: Executor,
  tables: Tables,
  actor: SyncActor,
  uid: string,
  notFoundMessage: string,
): Promise<TaskAccessRow> {
  const task = await readTaskPlace(db, tables, uid);
  if (!task || !canSeeTask(actor, task, await loadProjectRoles(actor, db)))
    throw new AppError('NOT_FOUND', notFoundMessage);
  return task;
}

/**
 * Who hears that what is beside a task changed (the live stream's `comments` event, which the
 * screens read as "look again": docs/decisions/0030-comments.md, 0051-file-storage.md): its owner
 * and assignee (and `also`, the writer's other devices; admins always), or everyone when some role
 * of its project sees the whole project (its members are not listed here, as for a task's own
 * changes: features/sync/server/push-changes.ts `pushAudience`).
 */
async function pokeFor(
  db: Executor | undefined,
  uid: string,
  task: TaskPlace,
  also: string | null,
): Promise<CommentsPoke> {
  if ((await projectsSeenWhole(db)).has(task.projectId)) return { task: uid, userIds: null };
  const userIds = new Set<string>();
  if (also !== null) userIds.add(also);
  if (task.ownerId !== null) userIds.add(task.ownerId);
  if (task.assigneeId !== null) userIds.add(task.assigneeId);
  return { task: uid, userIds };
}

/** Pokes the people who see task `uid` after a change nobody made by hand (a file's thumbnail made). */
export async function pokeTask(handle: DatabaseHandle, uid: string, task: TaskPlace): Promise<void> {
  const poke = await pokeFor(handle.db, uid, task, null);
  if (handle.dialect === 'postgres') await notifyCommentsStatement(handle.db, poke);
  else getSyncHub().publishComments(poke);
}

/**
 * Writes `statements` and pokes the people who see task `uid`. On PostgreSQL every instance's
 * listener hears the NOTIFY at commit; SQLite has one process.
 */
export async function writeAndPokeTask(
  handle: DatabaseHandle,
  db: Executor,
  actor: SyncActor,
  uid: string,
  task: TaskAccessRow,
  statements: WriteStatement[],
): Promise<void> {
  const poke = await pokeFor(db, uid, task, actor.id);
  if (handle.dialect === 'postgres') statements.push(notifyCommentsStatement(db, poke));
  await handle.writeAll(statements);
  if (handle.dialect === 'sqlite') getSyncHub().publishComments(poke);
}
