import 'server-only';
import { and, count, eq, isNull, sum } from 'drizzle-orm';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { can, standingIn } from '@/features/projects/model/roles';
import { visibleTask, type TaskAccessRow } from '@/features/sync/server/store/task-access';
import { FORMER_MEMBER_NAME } from '@/shared/content/people';
import type { SyncActor } from '@/shared/auth/actor';
import type { Executor, Tables } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { attachmentUrl, type TaskAttachment } from '../model/protocol';
import { ATTACHMENT_MESSAGES, isAttachmentId, previewOf } from '../model/rules';
import { thumbnailUrl } from './thumbnails';

/**
 * What the attachment services share (./attachment-service.ts: list, upload, open;
 * ./attachment-changes.ts: rename, delete, restore, sweep): a file's row, who may do what with it,
 * the room left, and the row as the API sends it.
 */

/** A `task_attachments` row. */
export type AttachmentRow = Tables['taskAttachments']['$inferSelect'];

/** How long a deleted file is kept for its Undo before the sweep removes it: a day. */
export const DELETED_KEEP_MS = 24 * 60 * 60 * 1000;

/** The stored row of file `id` (deleted or not), if any. */
export async function readRow(db: Executor, tables: Tables, id: string): Promise<AttachmentRow | undefined> {
  const [row] = await db.select().from(tables.taskAttachments).where(eq(tables.taskAttachments.id, id));
  return row;
}

/** What `actor` may do with files on `task`: add them, and change anyone's. */
export async function rightsOn(
  db: Executor,
  actor: SyncActor,
  task: TaskAccessRow,
): Promise<{ mayComment: boolean; mayEdit: boolean; archived: boolean }> {
  const standing = standingIn(await loadProjectRoles(actor, db), task.projectId);
  const context = { project: { archived: standing.archived }, userId: actor.id, task };
  return {
    mayComment: can(standing.role, 'comment', context),
    mayEdit: can(standing.role, 'edit', context),
    archived: standing.archived,
  };
}

/** The stored file `id` (not deleted unless `deleted`) and its task, when `actor` may see the task; 404 otherwise. */
export async function visibleAttachment(
  db: Executor,
  tables: Tables,
  actor: SyncActor,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<{ row: AttachmentRow; task: TaskAccessRow }> {
  const row = isAttachmentId(id) ? await readRow(db, tables, id.toLowerCase()) : undefined;
  if (!row || (row.deletedAt !== null && !options.deleted))
    throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
  const task = await visibleTask(db, tables, actor, row.taskUid, ATTACHMENT_MESSAGES.notFound);
  return { row, task };
}

/** Rows as the API sends them, with the current name of whoever added each. */
export async function toAttachments(
  db: Executor,
  tables: Tables,
  rows: readonly AttachmentRow[],
): Promise<TaskAttachment[]> {
  const { users } = tables;
  const names = new Map<string, string>();
  for (const id of new Set(rows.flatMap((row) => (row.addedBy === null ? [] : [row.addedBy])))) {
    const [user] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, id));
    if (user) names.set(id, user.fullName);
  }
  return rows.map((row) => ({
    id: row.id,
    task: row.taskUid,
    name: row.name,
    size: row.size,
    mediaType: row.mediaType,
    preview: previewOf(row.mediaType),
    addedById: row.addedBy,
    addedByName: (row.addedBy !== null && names.get(row.addedBy)) || FORMER_MEMBER_NAME,
    addedAt: row.addedAt.toISOString(),
    url: attachmentUrl(row.id),
    thumbnailUrl: row.thumbnailKey === null ? null : thumbnailUrl(row.id),
    width: row.width,
    height: row.height,
    cover: row.isCover,
  }));
}

/** One row as the API sends it. */
export async function toAttachment(
  db: Executor,
  tables: Tables,
  row: AttachmentRow,
): Promise<TaskAttachment> {
  const [attachment] = await toAttachments(db, tables, [row]);
  return attachment!;
}

/** Files on `taskUid` now, and bytes of every file on the instance (deleted ones still hold theirs). */
export async function usage(
  db: Executor,
  tables: Tables,
  taskUid: string,
): Promise<{ onTask: number; total: number }> {
  const { taskAttachments } = tables;
  const [onTask] = await db
    .select({ n: count() })
    .from(taskAttachments)
    .where(and(eq(taskAttachments.taskUid, taskUid), isNull(taskAttachments.deletedAt)));
  const [total] = await db.select({ bytes: sum(taskAttachments.size) }).from(taskAttachments);
  return { onTask: onTask?.n ?? 0, total: Number(total?.bytes ?? 0) };
}

/** Refuses (409) a file the task or the instance has no room for. */
export async function checkRoom(db: Executor, tables: Tables, taskUid: string, size: number): Promise<void> {
  const env = getEnv();
  const { onTask, total } = await usage(db, tables, taskUid);
  if (onTask >= env.MAX_ATTACHMENTS_PER_TASK)
    throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.tooMany(env.MAX_ATTACHMENTS_PER_TASK));
  if (env.MAX_FILES_TOTAL !== undefined && total + size > env.MAX_FILES_TOTAL)
    throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.storeFull);
}
