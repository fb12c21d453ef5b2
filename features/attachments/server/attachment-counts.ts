import 'server-only';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { visibleTo } from '@/features/sync/server/store/visibility';
import type { SyncActor } from '@/shared/auth/actor';
import { getDatabase } from '@/server/db';
import type { AttachmentCounts } from '../model/protocol';
import { thumbnailUrl } from './thumbnails';

/**
 * GET /api/sync/attachments/counts: `{ counts: { <uid>: n }, covers: { <uid>: thumbnail url } }`, the
 * files (not deleted) on every task the caller sees that has any, for the cards' paperclips, and each
 * card's cover once its thumbnail is made (docs/product.md#files-on-tasks).
 */
export async function countAttachments(actor: SyncActor): Promise<AttachmentCounts> {
  const { db, tables } = await getDatabase();
  const { taskAttachments, syncTasks } = tables;
  const shown = and(
    isNull(taskAttachments.deletedAt),
    eq(syncTasks.deleted, false),
    visibleTo(tables, actor, await loadProjectRoles(actor)),
  );
  const rows = await db
    .select({ task: taskAttachments.taskUid, count: count() })
    .from(taskAttachments)
    .innerJoin(syncTasks, eq(syncTasks.uid, taskAttachments.taskUid))
    .where(shown)
    .groupBy(taskAttachments.taskUid);
  const covers = await db
    .select({ task: taskAttachments.taskUid, id: taskAttachments.id })
    .from(taskAttachments)
    .innerJoin(syncTasks, eq(syncTasks.uid, taskAttachments.taskUid))
    .where(and(shown, eq(taskAttachments.isCover, true), isNotNull(taskAttachments.thumbnailKey)));
  return {
    counts: Object.fromEntries(rows.map((row) => [row.task, Number(row.count)])),
    covers: Object.fromEntries(covers.map((row) => [row.task, thumbnailUrl(row.id)])),
  };
}
