import 'server-only';
import { and, count, eq, isNull } from 'drizzle-orm';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { visibleTo } from '@/features/sync/server/store/visibility';
import type { SyncActor } from '@/shared/auth/actor';
import { getDatabase } from '@/server/db';

/**
 * GET /api/sync/attachments/counts: `{ counts: { <uid>: n } }`, the files (not deleted) on every
 * task the caller sees that has any, for the cards' paperclips (docs/product.md#files-on-tasks).
 */
export async function countAttachments(actor: SyncActor): Promise<{ counts: Record<string, number> }> {
  const { db, tables } = await getDatabase();
  const { taskAttachments, syncTasks } = tables;
  const rows = await db
    .select({ task: taskAttachments.taskUid, count: count() })
    .from(taskAttachments)
    .innerJoin(syncTasks, eq(syncTasks.uid, taskAttachments.taskUid))
    .where(
      and(
        isNull(taskAttachments.deletedAt),
        eq(syncTasks.deleted, false),
        visibleTo(tables, actor, await loadProjectRoles(actor)),
      ),
    )
    .groupBy(taskAttachments.taskUid);
  return { counts: Object.fromEntries(rows.map((row) => [row.task, Number(row.count)])) };
}
