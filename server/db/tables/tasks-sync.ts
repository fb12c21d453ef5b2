import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Dialect } from './dialect';
import type { AccountsTables } from './accounts';

/**
 * Team sync (docs/decisions/0013-team-sync.md): the synced tasks, every operation pushed, the
 * values that did not make it, revocations, the sequence counter, and the team's labels.
 */
export function tasksSyncTables(d: Dialect, { users }: Pick<AccountsTables, 'users'>) {
  /**
   * Team sync (docs/decisions/0013-team-sync.md). One row per synced task: its fields as JSON (each
   * with its clock stamp and the push that wrote it, features/sync/model/merge.ts `SyncedTask.fields`), its
   * existence register, and the sequence number of the last push that touched it. A task whose owner
   * is deleted stays, ownerless: admins still see it.
   */
  const syncTasks = d.table(
    'sync_tasks',
    {
      uid: d.text('uid').primaryKey(),
      ownerId: d.text('owner_id').references(() => users.id, { onDelete: 'set null' }),
      // The user whose full name the task's assignedTo holds (exactly one such user), else null.
      assigneeId: d.text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
      fields: d.text('fields').notNull(),
      life: d.text('life'),
      deleted: d.boolean('deleted').notNull().default(false),
      version: d.integer('version').notNull(),
      createdAt: d.timestamp('created_at').notNull(),
      updatedAt: d.timestamp('updated_at').notNull(),
      // Derived from `fields` by every write (features/sync/server/task-columns.ts), for the counts, the
      // archive and its search without reading the JSON. Null in `search_text` until derived.
      progress: d.integer('progress'),
      completedAt: d.bigNumber('completed_at'),
      boardColumn: d.text('board_column'),
      searchText: d.text('search_text'),
      // The task's project (docs/decisions/0049-projects.md): its `projectId` field when that names a
      // project, else General.
      projectId: d.text('project_id').notNull().default('general'),
    },
    (table) => [
      d.index('sync_tasks_version_uid_idx').on(table.version, table.uid),
      d.index('sync_tasks_owner_version_idx').on(table.ownerId, table.version),
      d.index('sync_tasks_assignee_version_idx').on(table.assigneeId, table.version),
      // The archive's pages, newest completion first; the dashboard's counts, read from the index
      // alone; its pending tasks in creation order (features/sync/server/summary.ts PENDING, the same
      // condition word for word, or SQLite would not use the index).
      d.index('sync_tasks_completed_uid_idx').on(table.completedAt, table.uid),
      d.index('sync_tasks_counts_idx').on(table.boardColumn, table.progress),
      // A project's tasks in pull order; and the counts of the projects a member sees whole, read
      // from the index alone (features/sync/server/summary.ts).
      d.index('sync_tasks_project_version_idx').on(table.projectId, table.version, table.uid),
      d.index('sync_tasks_project_counts_idx').on(table.projectId, table.boardColumn, table.progress),
      d
        .index('sync_tasks_pending_idx')
        .on(table.createdAt, table.uid)
        .where(
          sql`${table.boardColumn} is not null and (${table.progress} is null or ${table.progress} <> 100)`,
        ),
    ],
  );

  /**
   * The team's labels (docs/decisions/0024-labels.md), with TEAM_SYNC=on: a name and a palette colour;
   * tasks hold their ids. `name_key` is the name lower-cased, unique, so two labels never differ by case
   * only. At most 50 rows (checked by the service under the `labels` lock).
   */
  const labels = d.table(
    'labels',
    {
      id: d.text('id').primaryKey(),
      name: d.text('name').notNull(),
      nameKey: d.text('name_key').notNull(),
      color: d
        .text('color', {
          enum: ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'],
        })
        .notNull(),
      createdAt: d.timestamp('created_at').notNull(),
      updatedAt: d.timestamp('updated_at').notNull(),
      createdBy: d.text('created_by').references(() => users.id, { onDelete: 'set null' }),
    },
    (table) => [
      d.uniqueIndex('labels_name_key_idx').on(table.nameKey),
      d.check(
        'labels_color_check',
        sql`${table.color} in ('red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey')`,
      ),
    ],
  );

  return { syncTasks, ...pushTables(d, users), labels };
}

/** What pushes write besides the tasks: the op log, the values that did not make it, revocations, the counter. */
function pushTables(d: Dialect, users: { id: AnyPgColumn }) {
  /** Every operation a push carried, once per (client, op id): what makes a replay a no-op, and the history. */
  const syncChanges = d.table(
    'sync_changes',
    {
      id: d.text('id').primaryKey(),
      // The push's sequence number, or the last one before it when the push changed nothing.
      seq: d.integer('seq').notNull(),
      taskUid: d.text('task_uid').notNull(),
      userId: d.text('user_id').references(() => users.id, { onDelete: 'set null' }),
      clientId: d.text('client_id').notNull(),
      opId: d.text('op_id').notNull(),
      kind: d.text('kind', { enum: ['upsert', 'delete', 'restore'] }).notNull(),
      outcome: d.text('outcome', { enum: ['applied', 'unchanged', 'forbidden'] }).notNull(),
      payload: d.text('payload').notNull(),
      createdAt: d.timestamp('created_at').notNull(),
    },
    (table) => [
      d.uniqueIndex('sync_changes_client_op_idx').on(table.clientId, table.opId),
      d.index('sync_changes_created_at_idx').on(table.createdAt),
      // Who wrote a field at a given push: a conflict record names the writer of a value overwritten unseen.
      d.index('sync_changes_task_seq_idx').on(table.taskUid, table.seq),
      d.check('sync_changes_kind_check', sql`${table.kind} in ('upsert', 'delete', 'restore')`),
      d.check('sync_changes_outcome_check', sql`${table.outcome} in ('applied', 'unchanged', 'forbidden')`),
    ],
  );

  /** Values that did not make it (lost, overwritten unseen, hidden by a delete, or refused): restorable. */
  const syncConflicts = d.table(
    'sync_conflicts',
    {
      id: d.text('id').primaryKey(),
      seq: d.integer('seq').notNull(),
      taskUid: d.text('task_uid').notNull(),
      field: d.text('field').notNull(),
      value: d.text('value').notNull(),
      hlc: d.text('hlc').notNull(),
      // The stamp that beat it; null for a refused write (nothing beat it).
      winningHlc: d.text('winning_hlc'),
      reason: d.text('reason', { enum: ['concurrent', 'after-delete', 'forbidden'] }).notNull(),
      // Whose push produced the record.
      userId: d.text('user_id').references(() => users.id, { onDelete: 'set null' }),
      // Who wrote the kept value: the pusher, or for a value overwritten unseen the writer it replaced.
      authorId: d.text('author_id').references(() => users.id, { onDelete: 'set null' }),
      createdAt: d.timestamp('created_at').notNull(),
      resolvedAt: d.timestamp('resolved_at'),
      // Who settled it (Restore or Dismiss), null once that user is deleted.
      resolvedBy: d.text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    },
    (table) => [
      d.index('sync_conflicts_task_seq_idx').on(table.taskUid, table.seq),
      d.index('sync_conflicts_seq_idx').on(table.seq),
      d.check(
        'sync_conflicts_reason_check',
        sql`${table.reason} in ('concurrent', 'after-delete', 'forbidden')`,
      ),
    ],
  );

  /**
   * Someone may no longer see a task since push `seq`: their next pull checks it again and names it
   * in `gone` when they cannot. A task reassigned away: its uid and that person. `user_id` null:
   * anyone (a task moved to another project). `project_id` with no uid: every task of that project (a
   * role narrowed or removed; `user_id` null: the team's role).
   */
  const syncRevocations = d.table(
    'sync_revocations',
    {
      id: d.text('id').primaryKey(),
      seq: d.integer('seq').notNull(),
      taskUid: d.text('task_uid'),
      userId: d.text('user_id').references(() => users.id, { onDelete: 'cascade' }),
      projectId: d.text('project_id'),
    },
    (table) => [d.index('sync_revocations_user_seq_idx').on(table.userId, table.seq)],
  );

  /** One row (id 1): the last sequence number given out, and the oldest cursor a pull may continue from. */
  const syncState = d.table(
    'sync_state',
    {
      id: d.integer('id').primaryKey().default(1),
      lastSeq: d.integer('last_seq').notNull().default(0),
      gcFloorSeq: d.integer('gc_floor_seq').notNull().default(0),
      // Whether the start-up pass has bound every stored task to an assignee id (features/sync/server/assignees.ts).
      assigneesBound: d.boolean('assignees_bound').notNull().default(false),
    },
    (table) => [d.check('sync_state_single_row_check', sql`${table.id} = 1`)],
  );

  return { syncChanges, syncConflicts, syncRevocations, syncState };
}

export type TasksSyncTables = ReturnType<typeof tasksSyncTables>;
