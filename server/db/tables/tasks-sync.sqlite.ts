import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.sqlite';

/**
 * Team sync (docs/decisions/0013-team-sync.md): the synced tasks, every operation pushed, the
 * values that did not make it, revocations, the sequence counter, and the team's labels.
 * Keep in step with tasks-sync.pg.ts: tests/unit/schema-parity.test.ts compares the two.
 */

/**
 * Team sync (docs/decisions/0013-team-sync.md). One row per synced task: its fields as JSON (each
 * with its clock stamp and the push that wrote it, features/sync/model/merge.ts `SyncedTask.fields`), its
 * existence register, and the sequence number of the last push that touched it. A task whose owner
 * is deleted stays, ownerless: admins still see it.
 */
export const syncTasks = sqliteTable(
  'sync_tasks',
  {
    uid: text('uid').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    // The user whose full name the task's assignedTo holds (exactly one such user), else null.
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    fields: text('fields').notNull(),
    life: text('life'),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    version: integer('version').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    // Derived from `fields` by every write (features/sync/server/task-columns.ts), for the counts, the
    // archive and its search without reading the JSON. Null in `search_text` until derived.
    progress: integer('progress'),
    completedAt: integer('completed_at'),
    boardColumn: text('board_column'),
    searchText: text('search_text'),
  },
  (table) => [
    index('sync_tasks_version_uid_idx').on(table.version, table.uid),
    index('sync_tasks_owner_version_idx').on(table.ownerId, table.version),
    index('sync_tasks_assignee_version_idx').on(table.assigneeId, table.version),
    // The archive's pages, newest completion first; the dashboard's counts, read from the index
    // alone; its pending tasks in creation order (features/sync/server/summary.ts PENDING, the same
    // condition word for word, or SQLite would not use the index).
    index('sync_tasks_completed_uid_idx').on(table.completedAt, table.uid),
    index('sync_tasks_counts_idx').on(table.boardColumn, table.progress),
    index('sync_tasks_pending_idx')
      .on(table.createdAt, table.uid)
      .where(
        sql`${table.boardColumn} is not null and (${table.progress} is null or ${table.progress} <> 100)`,
      ),
  ],
);

/** Every operation a push carried, once per (client, op id): what makes a replay a no-op, and the history. */
export const syncChanges = sqliteTable(
  'sync_changes',
  {
    id: text('id').primaryKey(),
    // The push's sequence number, or the last one before it when the push changed nothing.
    seq: integer('seq').notNull(),
    taskUid: text('task_uid').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: text('client_id').notNull(),
    opId: text('op_id').notNull(),
    kind: text('kind', { enum: ['upsert', 'delete', 'restore'] }).notNull(),
    outcome: text('outcome', { enum: ['applied', 'unchanged', 'forbidden'] }).notNull(),
    payload: text('payload').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    uniqueIndex('sync_changes_client_op_idx').on(table.clientId, table.opId),
    index('sync_changes_created_at_idx').on(table.createdAt),
    // Who wrote a field at a given push: a conflict record names the writer of a value overwritten unseen.
    index('sync_changes_task_seq_idx').on(table.taskUid, table.seq),
    check('sync_changes_kind_check', sql`${table.kind} in ('upsert', 'delete', 'restore')`),
    check('sync_changes_outcome_check', sql`${table.outcome} in ('applied', 'unchanged', 'forbidden')`),
  ],
);

/** Values that did not make it (lost, overwritten unseen, hidden by a delete, or refused): restorable. */
export const syncConflicts = sqliteTable(
  'sync_conflicts',
  {
    id: text('id').primaryKey(),
    seq: integer('seq').notNull(),
    taskUid: text('task_uid').notNull(),
    field: text('field').notNull(),
    value: text('value').notNull(),
    hlc: text('hlc').notNull(),
    // The stamp that beat it; null for a refused write (nothing beat it).
    winningHlc: text('winning_hlc'),
    reason: text('reason', { enum: ['concurrent', 'after-delete', 'forbidden'] }).notNull(),
    // Whose push produced the record.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Who wrote the kept value: the pusher, or for a value overwritten unseen the writer it replaced.
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
    // Who settled it (Restore or Dismiss), null once that user is deleted.
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('sync_conflicts_task_seq_idx').on(table.taskUid, table.seq),
    index('sync_conflicts_seq_idx').on(table.seq),
    check('sync_conflicts_reason_check', sql`${table.reason} in ('concurrent', 'after-delete', 'forbidden')`),
  ],
);

/** A task a user could see until push `seq` took it away (reassigned): their next pull drops it. */
export const syncRevocations = sqliteTable(
  'sync_revocations',
  {
    id: text('id').primaryKey(),
    seq: integer('seq').notNull(),
    taskUid: text('task_uid').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sync_revocations_user_seq_idx').on(table.userId, table.seq)],
);

/** One row (id 1): the last sequence number given out, and the oldest cursor a pull may continue from. */
export const syncState = sqliteTable(
  'sync_state',
  {
    id: integer('id').primaryKey().default(1),
    lastSeq: integer('last_seq').notNull().default(0),
    gcFloorSeq: integer('gc_floor_seq').notNull().default(0),
    // Whether the start-up pass has bound every stored task to an assignee id (features/sync/server/assignees.ts).
    assigneesBound: integer('assignees_bound', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [check('sync_state_single_row_check', sql`${table.id} = 1`)],
);

/**
 * The team's labels (docs/decisions/0024-labels.md), with TEAM_SYNC=on: a name and a palette colour;
 * tasks hold their ids. `name_key` is the name lower-cased, unique, so two labels never differ by case
 * only. At most 50 rows (checked by the service under the `labels` lock).
 */
export const labels = sqliteTable(
  'labels',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    color: text('color', {
      enum: ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'],
    }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('labels_name_key_idx').on(table.nameKey),
    check(
      'labels_color_check',
      sql`${table.color} in ('red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey')`,
    ),
  ],
);
