import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { belongsTo, type Dialect } from './dialect';

/**
 * Accounts and signing in: users, the links mailed to them, their sign-in identities, sessions
 * ended early, the rate limiter's store and the second factor.
 */
export function accountsTables(d: Dialect) {
  const users = d.table(
    'users',
    {
      id: d.text('id').primaryKey(),
      fullName: d.text('full_name').notNull(),
      // Stored trimmed and lower-cased, so the unique index is case-insensitive in effect.
      email: d.text('email').notNull().unique(),
      passwordHash: d.text('password_hash').notNull(),
      role: d
        .text('role', { enum: ['user', 'admin'] })
        .notNull()
        .default('user'),
      createdAt: d.timestamp('created_at').notNull(),
      updatedAt: d.timestamp('updated_at').notNull(),
      // Bumped on password reset: tokens carrying an older version stop working.
      sessionVersion: d.integer('session_version').notNull().default(0),
      // When the address was proved (docs/decisions/0042-who-owns-an-address.md): a confirmation or
      // reset link mailed to it and followed, the provider's verified claim at a first sign-in, an
      // invitation made for it. Null: never (every account made before this column).
      emailConfirmedAt: d.timestamp('email_confirmed_at'),
      // A self sign-up under SIGNUP_DOMAINS: no sign-in until the mailed link is followed.
      awaitingConfirmation: d.boolean('awaiting_confirmation').notNull().default(false),
    },
    (table) => [
      d.index('users_role_idx').on(table.role),
      d.index('users_created_at_idx').on(table.createdAt),
      d.check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    ],
  );

  // A link mailed to the account's address: only the SHA-256 of its token is stored, never the token.
  const mailedLink = <Extra extends object>(extra: Extra) => ({
    id: d.text('id').primaryKey(),
    tokenHash: d.text('token_hash').notNull().unique(),
    userId: belongsTo(d, 'user_id', () => users.id),
    ...extra,
    expiresAt: d.timestamp('expires_at').notNull(),
    usedAt: d.timestamp('used_at'),
    createdAt: d.timestamp('created_at').notNull(),
  });

  const passwordResetTokens = d.table('password_reset_tokens', mailedLink({}), (table) => [
    d.index('password_reset_tokens_user_id_idx').on(table.userId),
  ]);

  /** Links mailed to confirm an account's address. */
  const emailConfirmations = d.table(
    'email_confirmations',
    // The address the link was mailed to: a link sent before an email change proves nothing.
    mailedLink({ email: d.text('email').notNull() }),
    (table) => [d.index('email_confirmations_user_id_idx').on(table.userId)],
  );

  return {
    users,
    passwordResetTokens,
    emailConfirmations,
    ...signInTables(d, users),
  };
}

/** How an account signs in besides its password, and what limits and ends its sessions. */
function signInTables(d: Dialect, users: { id: AnyPgColumn }) {
  /**
   * The provider identities an account signs in with (docs/decisions/0042-who-owns-an-address.md):
   * bound by the provider's issuer and `sub` at the first link, matched by them afterwards. One per
   * account and issuer.
   */
  const userIdentities = d.table(
    'user_identities',
    {
      id: d.text('id').primaryKey(),
      userId: belongsTo(d, 'user_id', () => users.id),
      issuer: d.text('issuer').notNull(),
      subject: d.text('subject').notNull(),
      createdAt: d.timestamp('created_at').notNull(),
    },
    (table) => [
      d.uniqueIndex('user_identities_issuer_subject_idx').on(table.issuer, table.subject),
      d.uniqueIndex('user_identities_user_issuer_idx').on(table.userId, table.issuer),
    ],
  );

  /**
   * Session tokens ended before their expiry by a logout (docs/decisions/0022-sessions.md): the
   * SHA-256 of the token, so any token can be listed, including ones issued before tokens had an id.
   * A row is useless once its token has expired and is purged after that.
   */
  const revokedTokens = d.table(
    'revoked_tokens',
    {
      tokenHash: d.text('token_hash').primaryKey(),
      expiresAt: d.timestamp('expires_at').notNull(),
    },
    (table) => [d.index('revoked_tokens_expires_at_idx').on(table.expiresAt)],
  );

  /** rate-limiter-flexible's RateLimiterDrizzle store: key, points, expire. */
  const rateLimits = d.table('rate_limits', {
    key: d.text('key').primaryKey(),
    points: d.integer('points').notNull().default(0),
    expire: d.timestamp('expire'),
  });

  // Two-factor sign-in (docs/decisions/0047-two-factor-sign-in.md).
  /**
   * An account's TOTP second factor: one row while it is being set up (`enabled_at` null) or on.
   * `secret` is the base32 secret encrypted with AES-256-GCM under a key derived from AUTH_SECRET;
   * `recovery_codes` a JSON array of the SHA-256 of the unused recovery codes; `last_used_step` the
   * 30-second step of the last accepted code (a code is never accepted twice).
   */
  const userTwoFactor = d.table('user_two_factor', {
    userId: d
      .text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: d.text('secret').notNull(),
    enabledAt: d.timestamp('enabled_at'),
    recoveryCodes: d.text('recovery_codes').notNull().default('[]'),
    lastUsedStep: d.bigNumber('last_used_step'),
    updatedAt: d.timestamp('updated_at').notNull(),
  });

  return { userIdentities, revokedTokens, rateLimits, userTwoFactor };
}

export type AccountsTables = ReturnType<typeof accountsTables>;
