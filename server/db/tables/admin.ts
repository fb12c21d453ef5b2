import { sql } from 'drizzle-orm';
import type { Dialect } from './dialect';
import type { AccountsTables } from './accounts';

/**
 * What an admin runs: who may join (the settings, invitations), the first run's checklist, and
 * the messages sent through Contact Us.
 */
export function adminTables(d: Dialect, { users }: Pick<AccountsTables, 'users'>) {
  /** Messages sent through the landing page's Contact Us form. */
  const contactMessages = d.table(
    'contact_messages',
    {
      id: d.text('id').primaryKey(),
      name: d.text('name').notNull(),
      email: d.text('email').notNull(),
      message: d.text('message').notNull(),
      createdAt: d.timestamp('created_at').notNull(),
      // The sender's address as the rate limiter saw it; null when it could not be told.
      ip: d.text('ip'),
    },
    (table) => [d.index('contact_messages_created_at_idx').on(table.createdAt)],
  );

  /**
   * Who may join (docs/decisions/0020-who-may-join.md): one row (id 1) once an admin has saved the
   * sign-up settings; until then SIGNUP_MODE and SIGNUP_DOMAINS decide. `signup_domains` holds the
   * allowed email domains, lower-cased, separated by single spaces ('' allows any domain).
   */
  const appSettings = d.table(
    'app_settings',
    {
      id: d.integer('id').primaryKey().default(1),
      signupMode: d.text('signup_mode', { enum: ['open', 'invitation', 'closed'] }).notNull(),
      signupDomains: d.text('signup_domains').notNull().default(''),
      updatedAt: d.timestamp('updated_at').notNull(),
      updatedBy: d.text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    },
    (table) => [
      d.check('app_settings_single_row_check', sql`${table.id} = 1`),
      d.check('app_settings_signup_mode_check', sql`${table.signupMode} in ('open', 'invitation', 'closed')`),
    ],
  );

  /**
   * The first run's checklist (docs/decisions/0041-a-guided-first-run.md): the steps the server cannot
   * read from other tables, once each for the whole install: `test-mail-sent` (a test email the mail
   * server took) and `checklist-dismissed`.
   */
  const setupMarks = d.table(
    'setup_marks',
    {
      name: d.text('name', { enum: ['test-mail-sent', 'checklist-dismissed'] }).primaryKey(),
      at: d.timestamp('at').notNull(),
      by: d.text('by').references(() => users.id, { onDelete: 'set null' }),
    },
    (table) => [
      d.check('setup_marks_name_check', sql`${table.name} in ('test-mail-sent', 'checklist-dismissed')`),
    ],
  );

  /**
   * Sign-up invitations: single use, expiring. Only the SHA-256 of the link's token is stored. `email`
   * null: anyone holding the link may use it; otherwise only that (lower-cased) address.
   */
  const invitations = d.table(
    'invitations',
    {
      id: d.text('id').primaryKey(),
      tokenHash: d.text('token_hash').notNull().unique(),
      email: d.text('email'),
      role: d.text('role', { enum: ['user', 'admin'] }).notNull(),
      createdBy: d.text('created_by').references(() => users.id, { onDelete: 'set null' }),
      createdAt: d.timestamp('created_at').notNull(),
      expiresAt: d.timestamp('expires_at').notNull(),
      usedAt: d.timestamp('used_at'),
      usedBy: d.text('used_by').references(() => users.id, { onDelete: 'set null' }),
      revokedAt: d.timestamp('revoked_at'),
    },
    (table) => [
      d.index('invitations_expires_at_idx').on(table.expiresAt),
      d.check('invitations_role_check', sql`${table.role} in ('user', 'admin')`),
    ],
  );

  return { contactMessages, appSettings, setupMarks, invitations };
}

export type AdminTables = ReturnType<typeof adminTables>;
