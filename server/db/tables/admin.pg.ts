import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.pg';

/**
 * What an admin runs: who may join (the settings, invitations), the first run's checklist, and
 * the messages sent through Contact Us.
 * Keep in step with admin.sqlite.ts: tests/unit/schema-parity.test.ts compares the two.
 */

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
