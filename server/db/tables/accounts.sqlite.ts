import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Accounts and signing in: users, the links mailed to them, their sign-in identities, sessions
 * ended early, the rate limiter's store and the second factor.
 * Keep in step with accounts.pg.ts: tests/unit/schema-parity.test.ts compares the two.
 */

export const users = sqliteTable(
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
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    // Bumped on password reset: tokens carrying an older version stop working.
    sessionVersion: integer('session_version').notNull().default(0),
    // When the address was proved (docs/decisions/0042-who-owns-an-address.md): a confirmation or
    // reset link mailed to it and followed, the provider's verified claim at a first sign-in, an
    // invitation made for it. Null: never (every account made before this column).
    emailConfirmedAt: integer('email_confirmed_at', { mode: 'timestamp_ms' }),
    // A self sign-up under SIGNUP_DOMAINS: no sign-in until the mailed link is followed.
    awaitingConfirmation: integer('awaiting_confirmation', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [
    index('users_role_idx').on(table.role),
    index('users_created_at_idx').on(table.createdAt),
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
  ],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    // SHA-256 of the emailed token: the token itself is never stored.
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);

/** Links mailed to confirm an account's address (as password_reset_tokens: only the token's SHA-256). */
export const emailConfirmations = sqliteTable(
  'email_confirmations',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The address the link was mailed to: a link sent before an email change proves nothing.
    email: text('email').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('email_confirmations_user_id_idx').on(table.userId)],
);

/**
 * The provider identities an account signs in with (docs/decisions/0042-who-owns-an-address.md):
 * bound by the provider's issuer and `sub` at the first link, matched by them afterwards. One per
 * account and issuer.
 */
export const userIdentities = sqliteTable(
  'user_identities',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
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
export const revokedTokens = sqliteTable(
  'revoked_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('revoked_tokens_expires_at_idx').on(table.expiresAt)],
);

/** rate-limiter-flexible's RateLimiterDrizzle store: key, points, expire. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: integer('expire', { mode: 'timestamp_ms' }),
});

// --- Two-factor sign-in (issue 34 §2, docs/decisions/0047-two-factor-sign-in.md) ---------------------

/**
 * An account's TOTP second factor: one row while it is being set up (`enabled_at` null) or on.
 * `secret` is the base32 secret encrypted with AES-256-GCM under a key derived from AUTH_SECRET;
 * `recovery_codes` a JSON array of the SHA-256 of the unused recovery codes; `last_used_step` the
 * 30-second step of the last accepted code (a code is never accepted twice).
 */
export const userTwoFactor = sqliteTable('user_two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: integer('enabled_at', { mode: 'timestamp_ms' }),
  recoveryCodes: text('recovery_codes').notNull().default('[]'),
  lastUsedStep: integer('last_used_step'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});
