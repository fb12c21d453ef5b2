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

/**
 * Accounts and signing in: users, the links mailed to them, their sign-in identities, sessions
 * ended early, the rate limiter's store and the second factor.
 * Keep in step with accounts.sqlite.ts: tests/unit/schema-parity.test.ts compares the two.
 */

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

// --- Two-factor sign-in (issue 34 §2, docs/decisions/0047-two-factor-sign-in.md) ---------------------

/** See accounts.sqlite.ts: an account's TOTP second factor (secret encrypted, recovery codes hashed). */
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
