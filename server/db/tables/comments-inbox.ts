import { sql } from 'drizzle-orm';
import { belongsTo, type Dialect } from './dialect';
import type { AccountsTables } from './accounts';
import type { TasksSyncTables } from './tasks-sync';

/**
 * Comments on tasks, the inbox they feed and the inbox's email digest.
 */
export function commentsInboxTables(
  d: Dialect,
  { users, syncTasks }: Pick<AccountsTables, 'users'> & Pick<TasksSyncTables, 'syncTasks'>,
) {
  /**
   * Comments on synced tasks (docs/decisions/0030-comments.md), with TEAM_SYNC=on: plain server state
   * beside `sync_tasks`, not task fields. `id` is chosen by the browser (a UUID), so a retried post
   * is recognised. `mentions` is a JSON array of user ids. A deleted comment keeps its row (a
   * tombstone: `deleted_at` set, `body` emptied, `mentions` `[]`). `changed_at` is the last create,
   * edit or delete, for the thread's `since` polling. Purging a task removes its comments.
   */
  const taskComments = d.table(
    'task_comments',
    {
      id: d.text('id').primaryKey(),
      taskUid: belongsTo(d, 'task_uid', () => syncTasks.uid),
      authorId: d.text('author_id').references(() => users.id, { onDelete: 'set null' }),
      body: d.text('body').notNull(),
      mentions: d.text('mentions').notNull().default('[]'),
      createdAt: d.timestamp('created_at').notNull(),
      editedAt: d.timestamp('edited_at'),
      deletedAt: d.timestamp('deleted_at'),
      changedAt: d.timestamp('changed_at').notNull(),
    },
    (table) => [
      // A thread's pages, oldest first (ties by id); the per-task counts.
      d.index('task_comments_task_created_idx').on(table.taskUid, table.createdAt, table.id),
      // A thread's changes since a poll.
      d.index('task_comments_task_changed_idx').on(table.taskUid, table.changedAt, table.id),
    ],
  );

  /**
   * The inbox (docs/product.md#the-inbox), with TEAM_SYNC=on: what happened that concerns a person —
   * mentioned in a comment, a comment on a task they own or are assigned, a task assigned to them, a
   * task of theirs completed by someone else. One row per person and event; `read_at` once read. The
   * task's title is read when the inbox is shown (a rename shows at once). Rows go with the person
   * and with the task (purged); a row whose task the person can no longer see is not shown.
   */
  const inboxItems = d.table(
    'inbox_items',
    {
      id: d.text('id').primaryKey(),
      userId: belongsTo(d, 'user_id', () => users.id),
      kind: d
        .text('kind', { enum: ['mentioned', 'commented', 'assigned', 'completed', 'replaced'] })
        .notNull(),
      taskUid: belongsTo(d, 'task_uid', () => syncTasks.uid),
      actorId: d.text('actor_id').references(() => users.id, { onDelete: 'set null' }),
      commentId: d.text('comment_id'),
      // `replaced`: the names of the fields whose values were replaced, a JSON array (features/inbox/model/rules.ts).
      fields: d.text('fields'),
      createdAt: d.timestamp('created_at').notNull(),
      readAt: d.timestamp('read_at'),
      // When an email digest took it (docs/decisions/0033-inbox-email-digest.md): in one digest at most.
      emailedAt: d.timestamp('emailed_at'),
    },
    (table) => [
      // A person's inbox, newest first (ties by id), and the unread count.
      d.index('inbox_items_user_created_idx').on(table.userId, table.createdAt, table.id),
      d
        .index('inbox_items_user_unread_idx')
        .on(table.userId)
        .where(sql`${table.readAt} is null`),
      // The digest's look for what is waiting to be emailed, across everyone.
      d
        .index('inbox_items_unmailed_idx')
        .on(table.createdAt)
        .where(sql`${table.readAt} is null and ${table.emailedAt} is null`),
      d.check(
        'inbox_items_kind_check',
        sql`${table.kind} in ('mentioned', 'commented', 'assigned', 'completed', 'replaced')`,
      ),
    ],
  );

  /**
   * The inbox's email digest (docs/product.md#email-of-what-you-miss, docs/decisions/0033-inbox-email-digest.md):
   * one row per person once they chose, or once a digest was claimed for them. No row: on. `last_sent_at`
   * is the claim of the latest digest, set BEFORE it is sent and compared-and-set, so two ticks never
   * both send; it is put back when the send fails.
   */
  const inboxDigests = d.table('inbox_digests', {
    userId: d
      .text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: d.boolean('enabled').notNull().default(true),
    lastSentAt: d.timestamp('last_sent_at'),
    updatedAt: d.timestamp('updated_at').notNull(),
  });

  return { taskComments, inboxItems, inboxDigests };
}

export type CommentsInboxTables = ReturnType<typeof commentsInboxTables>;
