import 'server-only';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { writeAndPokeTask, type TaskAccessRow } from '@/features/sync/server/store/task-access';
import type { SyncActor } from '@/shared/auth/actor';
import { getDatabase, type Executor, type Tables } from '@/server/db';
import { AppError } from '@/server/errors';
import { getFileStore } from '@/server/storage';
import type { TaskAttachment } from '../model/protocol';
import { ATTACHMENT_MESSAGES, cleanFileName, mayChangeAttachment, previewOf } from '../model/rules';
import {
  checkRoom,
  DELETED_KEEP_MS,
  rightsOn,
  toAttachment,
  visibleAttachment,
  type AttachmentRow,
} from './attachment-rows';

/**
 * Changes to a stored file (docs/product.md#files-on-tasks): rename, delete (kept a day for Undo),
 * restore, and the sweep of files deleted longer ago. Each change pokes the live streams of the
 * people who see the task, as a comment does.
 */

/** The file `id` for a change by `actor`: visible (404), changeable by them (403), its project open (409). */
async function changeableAttachment(
  db: Executor,
  tables: Tables,
  actor: SyncActor,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<{ row: AttachmentRow; task: TaskAccessRow }> {
  const { row, task } = await visibleAttachment(db, tables, actor, id, options);
  const rights = await rightsOn(db, actor, task);
  if (rights.archived) throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.archived);
  if (!mayChangeAttachment({ actorId: actor.id, addedBy: row.addedBy, ...rights }))
    throw new AppError('FORBIDDEN', ATTACHMENT_MESSAGES.mayNotChange);
  return { row, task };
}

/**
 * PATCH /api/sync/attachments/{id} {name?, cover?}: a new name (cleaned as an upload's), and/or the
 * image the task's card shows (one per task: choosing one unsets the other). Only what changes is written.
 */
export async function changeAttachment(
  actor: SyncActor,
  id: string,
  input: { name?: string; cover?: boolean },
): Promise<TaskAttachment> {
  const handle = await getDatabase();
  const { tables } = handle;
  const { taskAttachments } = tables;
  return handle.exclusive(async (db) => {
    const { row, task } = await changeableAttachment(db, tables, actor, id);
    const name = input.name === undefined ? row.name : cleanFileName(input.name);
    const isCover = input.cover ?? row.isCover;
    if (isCover && !row.isCover && previewOf(row.mediaType) !== 'image')
      throw new AppError('VALIDATION_ERROR', ATTACHMENT_MESSAGES.coverImagesOnly);
    if (name === row.name && isCover === row.isCover) return toAttachment(db, tables, row);
    const change = { name, isCover, changedAt: new Date() };
    await writeAndPokeTask(handle, db, actor, row.taskUid, task, [
      ...(isCover && !row.isCover
        ? [
            db
              .update(taskAttachments)
              .set({ isCover: false, changedAt: change.changedAt })
              .where(and(eq(taskAttachments.taskUid, row.taskUid), eq(taskAttachments.isCover, true))),
          ]
        : []),
      db.update(taskAttachments).set(change).where(eq(taskAttachments.id, row.id)),
    ]);
    return toAttachment(db, tables, { ...row, ...change });
  }, 'attachments');
}

/**
 * DELETE /api/sync/attachments/{id}: the file leaves the task at once; its row and bytes stay a day,
 * for Undo (`restoreAttachment`), then the sweep removes them. Deleting a deleted file changes nothing.
 */
export async function deleteAttachment(actor: SyncActor, id: string): Promise<void> {
  const handle = await getDatabase();
  const { tables } = handle;
  await handle.exclusive(async (db) => {
    const { row, task } = await changeableAttachment(db, tables, actor, id, { deleted: true });
    if (row.deletedAt !== null) return;
    const now = new Date();
    await writeAndPokeTask(handle, db, actor, row.taskUid, task, [
      db
        .update(tables.taskAttachments)
        .set({ deletedAt: now, changedAt: now })
        .where(eq(tables.taskAttachments.id, row.id)),
    ]);
  }, 'attachments');
}

/** POST /api/sync/attachments/{id}/restore: Undo of a delete, within the day the file is kept. */
export async function restoreAttachment(actor: SyncActor, id: string): Promise<TaskAttachment> {
  const handle = await getDatabase();
  const { tables } = handle;
  return handle.exclusive(async (db) => {
    const { row, task } = await changeableAttachment(db, tables, actor, id, { deleted: true });
    if (row.deletedAt === null) return toAttachment(db, tables, row);
    if (Date.now() - row.deletedAt.getTime() >= DELETED_KEEP_MS)
      throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.restoreGone);
    await checkRoom(db, tables, row.taskUid, 0);
    const change = { deletedAt: null, changedAt: new Date() };
    await writeAndPokeTask(handle, db, actor, row.taskUid, task, [
      db.update(tables.taskAttachments).set(change).where(eq(tables.taskAttachments.id, row.id)),
    ]);
    return toAttachment(db, tables, { ...row, ...change });
  }, 'attachments');
}

/**
 * Removes the files deleted more than a day before `now` (`DELETED_KEEP_MS`): their bytes (and their
 * thumbnails') first, then their rows, at most `batch` at a time (the scheduler's tick calls it
 * again). A crash between the two leaves the row, removed on the next run. Returns how many went.
 */
export async function sweepDeletedAttachments(now: Date, batch = 200): Promise<number> {
  const { db, tables } = await getDatabase();
  const { taskAttachments } = tables;
  const cutoff = new Date(now.getTime() - DELETED_KEEP_MS);
  const rows = await db
    .select({
      id: taskAttachments.id,
      storageKey: taskAttachments.storageKey,
      thumbnailKey: taskAttachments.thumbnailKey,
    })
    .from(taskAttachments)
    .where(and(isNotNull(taskAttachments.deletedAt), lt(taskAttachments.deletedAt, cutoff)))
    .limit(batch);
  const store = getFileStore();
  for (const row of rows) {
    if (row.thumbnailKey !== null) await store.delete(row.thumbnailKey);
    await store.delete(row.storageKey);
    await db
      .delete(taskAttachments)
      .where(and(eq(taskAttachments.id, row.id), isNotNull(taskAttachments.deletedAt)));
  }
  return rows.length;
}
