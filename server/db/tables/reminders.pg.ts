import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.pg';

/**
 * Morning reminder emails (docs/product.md#reminders): each user's choice and the days claimed.
 * Keep in step with reminders.sqlite.ts: tests/unit/schema-parity.test.ts compares the two.
 */

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
