import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Keep in step with schema.sqlite.ts: tests/unit/schema-parity.test.ts compares the two. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    // Stored trimmed and lower-cased, so the unique index is case-insensitive in effect.
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    // Bumped on password reset: tokens carrying an older version stop working.
    sessionVersion: integer('session_version').notNull().default(0),
    // When the address was proved (docs/decisions/0042-who-owns-an-address.md): a confirmation or
    // reset link mailed to it and followed, the provider's verified claim at a first sign-in, an
    // invitation made for it. Null: never (every account made before this column).
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date', precision: 3 }),
    // A self sign-up under SIGNUP_DOMAINS: no sign-in until the mailed link is followed.
    awaitingConfirmation: boolean('awaiting_confirmation').notNull().default(false),
  },
  (table) => [
    index('users_role_idx').on(table.role),
    index('users_created_at_idx').on(table.createdAt),
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    // SHA-256 of the emailed token: the token itself is never stored.
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date', precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);

/** Links mailed to confirm an account's address (as password_reset_tokens: only the token's SHA-256). */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The address the link was mailed to: a link sent before an email change proves nothing.
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date', precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (table) => [index('email_confirmations_user_id_idx').on(table.userId)],
);

/**
 * The provider identities an account signs in with (docs/decisions/0042-who-owns-an-address.md):
 * bound by the provider's issuer and `sub` at the first link, matched by them afterwards. One per
 * account and issuer.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (table) => [
    uniqueIndex('user_identities_issuer_subject_idx').on(table.issuer, table.subject),
    uniqueIndex('user_identities_user_issuer_idx').on(table.userId, table.issuer),
  ],
);

/**
 * Session tokens ended before their expiry by a logout (docs/decisions/0022-sessions.md): the
 * SHA-256 of the token, so any token can be listed, including ones issued before tokens had an id.
 * A row is useless once its token has expired and is purged after that.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (table) => [index('revoked_tokens_expires_at_idx').on(table.expiresAt)],
);

/** rate-limiter-flexible's RateLimiterDrizzle store: key, points, expire. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true, mode: 'date', precision: 3 }),
});

/** Messages sent through the landing page's Contact Us form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    // The sender's address as the rate limiter saw it; null when it could not be told.
    ip: text('ip'),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);

/**
 * Team sync (docs/decisions/0013-team-sync.md). One row per synced task: its fields as JSON (each
 * with its clock stamp and the push that wrote it, lib/sync/merge.ts `SyncedTask.fields`), its
 * existence register, and the sequence number of the last push that touched it. A task whose owner
 * is deleted stays, ownerless: admins still see it.
 */
export const syncTasks = pgTable(
  'sync_tasks',
  {
    uid: text('uid').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    // The user whose full name the task's assignedTo holds (exactly one such user), else null.
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    fields: text('fields').notNull(),
    life: text('life'),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    // Derived from `fields` by every write (lib/server/sync/task-columns.ts), for the counts, the
    // archive and its search without reading the JSON. Null in `search_text` until derived.
    progress: integer('progress'),
    completedAt: bigint('completed_at', { mode: 'number' }),
    boardColumn: text('board_column'),
    searchText: text('search_text'),
  },
  (table) => [
    index('sync_tasks_version_uid_idx').on(table.version, table.uid),
    index('sync_tasks_owner_version_idx').on(table.ownerId, table.version),
    index('sync_tasks_assignee_version_idx').on(table.assigneeId, table.version),
    // The archive's pages, newest completion first; the dashboard's counts, read from the index
    // alone; its pending tasks in creation order (lib/server/sync/summary.ts PENDING, the same
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
export const syncChanges = pgTable(
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
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
export const syncConflicts = pgTable(
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date', precision: 3 }),
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
export const syncRevocations = pgTable(
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
export const syncState = pgTable(
  'sync_state',
  {
    id: integer('id').primaryKey().default(1),
    lastSeq: integer('last_seq').notNull().default(0),
    gcFloorSeq: integer('gc_floor_seq').notNull().default(0),
    // Whether the start-up pass has bound every stored task to an assignee id (lib/server/sync/assignees.ts).
    assigneesBound: boolean('assignees_bound').notNull().default(false),
  },
  (table) => [check('sync_state_single_row_check', sql`${table.id} = 1`)],
);

/**
 * Reminders (docs/product.md#reminders): a user's morning email choice, with team sync on. `time` is
 * HH:MM in `time_zone` (an IANA name the server checked with Intl).
 */
export const reminderSettings = pgTable('reminder_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailEnabled: boolean('email_enabled').notNull().default(false),
  time: text('time').notNull(),
  timeZone: text('time_zone').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
});

/**
 * One row per (user, local day) a morning email was claimed for, written BEFORE the mail is sent:
 * the unique key makes the claim exclusive across restarts and instances (docs/decisions/0017-reminder-emails.md).
 * `sent_at` null: claimed, not sent (yet, or the process died: that day's email is lost, at most once).
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date', precision: 3 }),
    // How many tasks the email listed (0: nothing was due, so nothing was sent).
    taskCount: integer('task_count').notNull().default(0),
  },
  (table) => [uniqueIndex('reminder_sends_user_day_idx').on(table.userId, table.day)],
);

/**
 * Who may join (docs/decisions/0020-who-may-join.md): one row (id 1) once an admin has saved the
 * sign-up settings; until then SIGNUP_MODE and SIGNUP_DOMAINS decide. `signup_domains` holds the
 * allowed email domains, lower-cased, separated by single spaces ('' allows any domain).
 */
export const appSettings = pgTable(
  'app_settings',
  {
    id: integer('id').primaryKey().default(1),
    signupMode: text('signup_mode', { enum: ['open', 'invitation', 'closed'] }).notNull(),
    signupDomains: text('signup_domains').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('app_settings_single_row_check', sql`${table.id} = 1`),
    check('app_settings_signup_mode_check', sql`${table.signupMode} in ('open', 'invitation', 'closed')`),
  ],
);

/**
 * The first run's checklist (docs/decisions/0041-a-guided-first-run.md): the steps the server cannot
 * read from other tables, once each for the whole install: `test-mail-sent` (a test email the mail
 * server took) and `checklist-dismissed`.
 */
export const setupMarks = pgTable(
  'setup_marks',
  {
    name: text('name', { enum: ['test-mail-sent', 'checklist-dismissed'] }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    by: text('by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('setup_marks_name_check', sql`${table.name} in ('test-mail-sent', 'checklist-dismissed')`),
  ],
);

/**
 * Sign-up invitations: single use, expiring. Only the SHA-256 of the link's token is stored. `email`
 * null: anyone holding the link may use it; otherwise only that (lower-cased) address.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email'),
    role: text('role', { enum: ['user', 'admin'] }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date', precision: 3 }),
    usedBy: text('used_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (table) => [
    index('invitations_expires_at_idx').on(table.expiresAt),
    check('invitations_role_check', sql`${table.role} in ('user', 'admin')`),
  ],
);

/**
 * The team's labels (docs/decisions/0024-labels.md), with TEAM_SYNC=on: a name and a palette colour;
 * tasks hold their ids. `name_key` is the name lower-cased, unique, so two labels never differ by case
 * only. At most 50 rows (checked by the service under the `labels` lock).
 */
export const labels = pgTable(
  'labels',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    color: text('color', {
      enum: ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'],
    }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
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

/**
 * Comments on synced tasks (docs/decisions/0030-comments.md), with TEAM_SYNC=on: plain server state
 * beside `sync_tasks`, not task fields. `id` is chosen by the browser (a UUID), so a retried post
 * is recognised. `mentions` is a JSON array of user ids. A deleted comment keeps its row (a
 * tombstone: `deleted_at` set, `body` emptied, `mentions` `[]`). `changed_at` is the last create,
 * edit or delete, for the thread's `since` polling. Purging a task removes its comments.
 */
export const taskComments = pgTable(
  'task_comments',
  {
    id: text('id').primaryKey(),
    taskUid: text('task_uid')
      .notNull()
      .references(() => syncTasks.uid, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    mentions: text('mentions').notNull().default('[]'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date', precision: 3 }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date', precision: 3 }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (table) => [
    // A thread's pages, oldest first (ties by id); the per-task counts.
    index('task_comments_task_created_idx').on(table.taskUid, table.createdAt, table.id),
    // A thread's changes since a poll.
    index('task_comments_task_changed_idx').on(table.taskUid, table.changedAt, table.id),
  ],
);

/**
 * The inbox (docs/product.md#the-inbox), with TEAM_SYNC=on: what happened that concerns a person —
 * mentioned in a comment, a comment on a task they own or are assigned, a task assigned to them, a
 * task of theirs completed by someone else. One row per person and event; `read_at` once read. The
 * task's title is read when the inbox is shown (a rename shows at once). Rows go with the person
 * and with the task (purged); a row whose task the person can no longer see is not shown.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['mentioned', 'commented', 'assigned', 'completed', 'replaced'] }).notNull(),
    taskUid: text('task_uid')
      .notNull()
      .references(() => syncTasks.uid, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    commentId: text('comment_id'),
    // `replaced`: the names of the fields whose values were replaced, a JSON array (lib/inbox/rules.ts).
    fields: text('fields'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date', precision: 3 }),
    // When an email digest took it (docs/decisions/0033-inbox-email-digest.md): in one digest at most.
    emailedAt: timestamp('emailed_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (table) => [
    // A person's inbox, newest first (ties by id), and the unread count.
    index('inbox_items_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('inbox_items_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    // The digest's look for what is waiting to be emailed, across everyone.
    index('inbox_items_unmailed_idx')
      .on(table.createdAt)
      .where(sql`${table.readAt} is null and ${table.emailedAt} is null`),
    check(
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
export const inboxDigests = pgTable('inbox_digests', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date', precision: 3 }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
});

// --- Two-factor sign-in (issue 34 §2, docs/decisions/0047-two-factor-sign-in.md) ---------------------

/** See schema.sqlite.ts: an account's TOTP second factor (secret encrypted, recovery codes hashed). */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date', precision: 3 }),
  recoveryCodes: text('recovery_codes').notNull().default('[]'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
});
