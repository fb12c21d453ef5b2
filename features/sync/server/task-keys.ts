import 'server-only';
import { and, eq } from 'drizzle-orm';
import {
  formatTaskKey,
  parseTaskKey,
  TASK_NUMBER_FIELD,
  taskNumber,
} from '@/features/projects/model/project-key';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { canSeeTask } from '@/features/sync/model/access';
import type { SyncedTask } from '@/features/sync/model/merge';
import type { SyncActor } from '@/shared/auth/actor';
import { getDatabase } from '@/server/db';
import { AppError } from '@/server/errors';

export const TASK_KEY_NOT_FOUND = 'No such task.';

/** What a task key resolves to: the task, its project's key and its key now (after a move, another). */
export interface ResolvedTaskKey {
  uid: string;
  projectId: string;
  projectKey: string;
  key: string;
}

/**
 * GET /api/task-keys/{key} (docs/product.md#task-keys): the task a key names, now or before it
 * moved, when `actor` may see it; otherwise 404 with one sentence for every case (no such project,
 * no such number, a deleted task, a task they may not see), so a key says nothing to a stranger.
 */
export async function resolveTaskKey(actor: SyncActor, text: string): Promise<ResolvedTaskKey> {
  const parsed = parseTaskKey(text);
  if (!parsed) throw new AppError('NOT_FOUND', TASK_KEY_NOT_FOUND);
  const { db, tables } = await getDatabase();
  const { projects, taskKeys, syncTasks } = tables;
  const [named] = await db
    .select({ uid: taskKeys.taskUid })
    .from(taskKeys)
    .innerJoin(projects, eq(projects.id, taskKeys.projectId))
    .where(and(eq(projects.key, parsed.projectKey), eq(taskKeys.number, parsed.number)));
  const [task] = named
    ? await db
        .select({
          uid: syncTasks.uid,
          ownerId: syncTasks.ownerId,
          assigneeId: syncTasks.assigneeId,
          projectId: syncTasks.projectId,
          deleted: syncTasks.deleted,
          fields: syncTasks.fields,
          projectKey: projects.key,
        })
        .from(syncTasks)
        .innerJoin(projects, eq(projects.id, syncTasks.projectId))
        .where(eq(syncTasks.uid, named.uid))
    : [];
  if (!task || task.deleted || !canSeeTask(actor, task, await loadProjectRoles(actor, db)))
    throw new AppError('NOT_FOUND', TASK_KEY_NOT_FOUND);
  const fields = JSON.parse(task.fields) as SyncedTask['fields'];
  const number = taskNumber(fields[TASK_NUMBER_FIELD]?.value) ?? parsed.number;
  return {
    uid: task.uid,
    projectId: task.projectId,
    projectKey: task.projectKey,
    key: formatTaskKey(task.projectKey, number),
  };
}
