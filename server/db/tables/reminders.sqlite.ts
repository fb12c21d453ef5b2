import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.sqlite';

/**
 * Morning reminder emails (docs/product.md#reminders): each user's choice and the days claimed.
 * Keep in step with reminders.pg.ts: tests/unit/schema-parity.test.ts compares the two.
 */

/**
 * Reminders (docs/product.md#reminders): a user's morning email choice, with team sync on. `time` is
 * HH:MM in `time_zone` (an IANA name the server checked with Intl).
 */
export const reminderSettings = sqliteTable('reminder_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailEnabled: integer('email_enabled', { mode: 'boolean' }).notNull().default(false),
  time: text('time').notNull(),
  timeZone: text('time_zone').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * One row per (user, local day) a morning email was claimed for, written BEFORE the mail is sent:
 * the unique key makes the claim exclusive across restarts and instances (docs/decisions/0017-reminder-emails.md).
 * `sent_at` null: claimed, not sent (yet, or the process died: that day's email is lost, at most once).
 */
export const reminderSends = sqliteTable(
  'reminder_sends',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    // How many tasks the email listed (0: nothing was due, so nothing was sent).
    taskCount: integer('task_count').notNull().default(0),
  },
  (table) => [uniqueIndex('reminder_sends_user_day_idx').on(table.userId, table.day)],
);
