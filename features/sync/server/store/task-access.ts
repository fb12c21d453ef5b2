import 'server-only';
import { eq } from 'drizzle-orm';
import { loadProjectRoles } from '@/features/projects/server/roles';
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
 * Runs the write statements of a change beside task `uid` (its comments, its files) and pokes the
 * live streams of the people who see it (its owner and assignee, the writer's other devices; admins
 * always) with the `comments` event, which the screens read as "what is beside this task changed"
 * (docs/decisions/0030-comments.md, 0051-file-storage.md). On PostgreSQL every instance's listener
 * hears the NOTIFY at commit; SQLite has one process.
 */
/**
 * Pokes the live streams of the people who see task `uid` (its owner and assignee; admins always)
 * with the `comments` event, after a change nobody made by hand (a file's thumbnail made).
 */
export async function pokeTask(handle: DatabaseHandle, uid: string, task: TaskPlace): Promise<void> {
  const userIds = new Set<string>();
  if (task.ownerId !== null) userIds.add(task.ownerId);
  if (task.assigneeId !== null) userIds.add(task.assigneeId);
  const poke: CommentsPoke = { task: uid, userIds };
  if (handle.dialect === 'postgres') await notifyCommentsStatement(handle.db, poke);
  else getSyncHub().publishComments(poke);
}

export async function writeAndPokeTask(
  handle: DatabaseHandle,
  db: Executor,
  actor: SyncActor,
  uid: string,
  task: TaskAccessRow,
  statements: WriteStatement[],
): Promise<void> {
  const userIds = new Set([actor.id]);
  if (task.ownerId !== null) userIds.add(task.ownerId);
  if (task.assigneeId !== null) userIds.add(task.assigneeId);
  const poke: CommentsPoke = { task: uid, userIds };
  if (handle.dialect === 'postgres') statements.push(notifyCommentsStatement(db, poke));
  await handle.writeAll(statements);
  if (handle.dialect === 'sqlite') getSyncHub().publishComments(poke);
}
