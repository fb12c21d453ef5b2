import { belongsTo, type Dialect } from './dialect';
import type { AccountsTables } from './accounts';

/**
 * Morning reminder emails (docs/product.md#reminders): each user's choice and the days claimed.
 */
export function remindersTables(d: Dialect, { users }: Pick<AccountsTables, 'users'>) {
  /**
   * Reminders (docs/product.md#reminders): a user's morning email choice, with team sync on. `time` is
   * HH:MM in `time_zone` (an IANA name the server checked with Intl).
   */
  const reminderSettings = d.table('reminder_settings', {
    userId: d
      .text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailEnabled: d.boolean('email_enabled').notNull().default(false),
    time: d.text('time').notNull(),
    timeZone: d.text('time_zone').notNull(),
    updatedAt: d.timestamp('updated_at').notNull(),
  });

  /**
   * One row per (user, local day) a morning email was claimed for, written BEFORE the mail is sent:
   * the unique key makes the claim exclusive across restarts and instances (docs/decisions/0017-reminder-emails.md).
   * `sent_at` null: claimed, not sent (yet, or the process died: that day's email is lost, at most once).
   */
  const reminderSends = d.table(
    'reminder_sends',
    {
      userId: belongsTo(d, 'user_id', () => users.id),
      day: d.text('day').notNull(),
      claimedAt: d.timestamp('claimed_at').notNull(),
      sentAt: d.timestamp('sent_at'),
      // How many tasks the email listed (0: nothing was due, so nothing was sent).
      taskCount: d.integer('task_count').notNull().default(0),
    },
    (table) => [d.uniqueIndex('reminder_sends_user_day_idx').on(table.userId, table.day)],
  );

  return { reminderSettings, reminderSends };
}

export type RemindersTables = ReturnType<typeof remindersTables>;
