import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { belongsTo, type Dialect } from './dialect';

/**
 * Files on team tasks (docs/decisions/0051-file-storage.md), with TEAM_SYNC=on: one row per file,
 * beside `sync_tasks` as comments are. The bytes live in the file store (server/storage) under
 * `storage_key`; this row says the file exists, who may see it (its task) and what it is.
 */
export function attachmentsTables(
  d: Dialect,
  refs: { users: { id: AnyPgColumn }; syncTasks: { uid: AnyPgColumn } },
) {
  const { users, syncTasks } = refs;

  /**
   * `id` is chosen by the browser (a UUID), so a retried upload is recognised. `name` is the file's
   * name as shown and downloaded (renamable); `media_type` what the server sniffed from the bytes
   * (never what the browser said), `application/octet-stream` when it could not tell; `size` and
   * `sha256` what the store counted. A deleted file keeps its row for a day (`deleted_at`: Undo
   * restores it), then the row and its bytes are removed. `changed_at` is the last add, rename,
   * delete, restore or thumbnail, for polling. Purging a task removes its rows (the bytes by the
   * store's sweep). An image's `width` and `height` (pixels, as shown: EXIF orientation applied) once
   * its header has been read, and `thumbnail_key` once its thumbnail (a WebP within 480×480, made after
   * the upload: features/attachments/server/thumbnails.ts) is stored; null for anything else, or until
   * then. `is_cover`: the image the task's card shows (its thumbnail), at most one per task.
   */
  const taskAttachments = d.table(
    'task_attachments',
    {
      id: d.text('id').primaryKey(),
      taskUid: belongsTo(d, 'task_uid', () => syncTasks.uid),
      name: d.text('name').notNull(),
      mediaType: d.text('media_type').notNull(),
      size: d.bigNumber('size').notNull(),
      sha256: d.text('sha256').notNull(),
      storageKey: d.text('storage_key').notNull(),
      addedBy: d.text('added_by').references(() => users.id, { onDelete: 'set null' }),
      addedAt: d.timestamp('added_at').notNull(),
      deletedAt: d.timestamp('deleted_at'),
      changedAt: d.timestamp('changed_at').notNull(),
      thumbnailKey: d.text('thumbnail_key'),
      width: d.integer('width'),
      height: d.integer('height'),
      isCover: d.boolean('is_cover').notNull().default(false),
    },
    (table) => [
      // A task's files, oldest first; the per-task count and the cards' paperclip counts.
      d.index('task_attachments_task_added_idx').on(table.taskUid, table.addedAt, table.id),
      // The sweep of files deleted more than a day ago.
      d
        .index('task_attachments_deleted_idx')
        .on(table.deletedAt)
        .where(sql`${table.deletedAt} is not null`),
      d.check('task_attachments_size_check', sql`${table.size} >= 0`),
    ],
  );

  return { taskAttachments };
}

export type AttachmentsTables = ReturnType<typeof attachmentsTables>;
