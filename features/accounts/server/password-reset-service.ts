import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ForgotPasswordInput, ResetPasswordInput } from '@/features/accounts/server/auth-schemas';
import { getDatabase, type DatabaseHandle, type Executor, type Tables } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { buildPasswordResetMail, sendMailInBackground } from '@/server/mailer';
import { createLinkToken, hashLinkToken } from '@/server/link-token';
import { hashPassword } from '@/server/password';
import { consumeRateLimit } from '@/server/rate-limit';
import { closeLiveSessions } from './session-service';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, a reset link has been sent to it.';
export const RESET_SUCCESS_MESSAGE = 'Your password has been reset. You can now log in.';
export const INVALID_RESET_TOKEN_MESSAGE =
  'This reset link is invalid, expired or already used. Request a new one.';

export { hashLinkToken as hashResetToken } from '@/server/link-token';

type Database = Pick<DatabaseHandle, 'db' | 'tables'>;

/**
 * A user's unused reset links: replaced by a new one, or void once the password or the email (the
 * links went to the old address) has changed.
 */
export async function dropUnusedResetLinks(
  { db, tables }: { db: Executor; tables: Tables },
  userId: string,
): Promise<void> {
  const { passwordResetTokens } = tables;
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Stores a user's new password hash and ends every session issued before it (the session version
 * goes up); with `sessionVersion`, only while the user is still at that version, so of two racing
 * changes one lands. Unused reset links go too: one requested before the change must not undo it.
 * Resolves to the updated user, or `undefined` when none matched.
 */
export async function storeNewPassword(
  database: Database,
  change: {
    userId: string;
    passwordHash: string;
    now: Date;
    sessionVersion?: number;
    /** Set through a link mailed to the address: that proves it (a reset, not a change). */
    provesEmail?: boolean;
  },
) {
  const { db, tables } = database;
  const { users } = tables;
  const { userId, passwordHash, now, sessionVersion } = change;
  const proof = change.provesEmail ? { awaitingConfirmation: false } : {};
  const [updated] = await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now, ...proof })
    .where(
      sessionVersion === undefined
        ? eq(users.id, userId)
        : and(eq(users.id, userId), eq(users.sessionVersion, sessionVersion)),
    )
    .returning({ id: users.id, role: users.role, sessionVersion: users.sessionVersion });
  if (updated) {
    if (change.provesEmail) {
      await db
        .update(users)
        .set({ emailConfirmedAt: now })
        .where(and(eq(users.id, updated.id), isNull(users.emailConfirmedAt)));
    }
    await dropUnusedResetLinks(database, updated.id);
    await closeLiveSessions([updated.id]);
  }
  return updated;
}

/**
 * A new single-use reset link for the user, valid for PASSWORD_RESET_TTL_MINUTES; any earlier
 * unused one is dropped. Only the token's SHA-256 is stored: the link is returned once. Used by
 * forgot password and by the command line's `reset-password` (server/entry/admin-cli).
 */
export async function createResetLink(database: Database, userId: string): Promise<string> {
  const env = getEnv();
  const { token, tokenHash } = createLinkToken();
  const now = new Date();
  await dropUnusedResetLinks(database, userId);
  await database.db.insert(database.tables.passwordResetTokens).values({
    id: randomUUID(),
    tokenHash,
    userId,
    expiresAt: new Date(now.getTime() + env.PASSWORD_RESET_TTL_MINUTES * 60_000),
    createdAt: now,
  });
  return new URL(`/reset-password?token=${encodeURIComponent(token)}`, env.APP_URL).toString();
}

/**
 * POST /api/forgot-password (docs/product.md#endpoint-forgot-password). Same answer whether or not the email
 * has an account; a known email gets a single-use link valid for PASSWORD_RESET_TTL_MINUTES. Only the token's
 * SHA-256 is stored, and a new request replaces any earlier unused token. With OIDC_ONLY=on only the
 * break-glass admin gets one (docs/product.md#single-sign-on).
 */
export async function requestPasswordReset(options: {
  input: ForgotPasswordInput;
  ip: string;
}): Promise<string> {
  const { input, ip } = options;
  await consumeRateLimit('forgotIp', ip);
  await consumeRateLimit('forgotEmail', input.email);
  const env = getEnv();
  const database = await getDatabase();
  const { db, tables } = database;
  const { users } = tables;

  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (!user) return FORGOT_PASSWORD_MESSAGE;
  // With OIDC_ONLY=on a password only opens the break-glass admin's account: nobody else gets a link
  // (the same answer, so it does not tell who that admin is).
  if (env.OIDC_ONLY === 'on' && user.email !== env.OIDC_BREAK_GLASS_EMAIL) return FORGOT_PASSWORD_MESSAGE;

  const link = await createResetLink(database, user.id);
  // In the background: the response time must not reveal whether the account exists.
  sendMailInBackground(
    buildPasswordResetMail(user.email, link, env.PASSWORD_RESET_TTL_MINUTES),
    'Password reset email could not be sent',
  );
  return FORGOT_PASSWORD_MESSAGE;
}

/**
 * POST /api/reset-password (docs/product.md#endpoint-reset-password). The token is consumed by one
 * conditional update, so two requests with the same token cannot both succeed; every existing session is
 * invalidated.
 */
export async function resetPassword(options: { input: ResetPasswordInput; ip: string }): Promise<string> {
  const { input, ip } = options;
  await consumeRateLimit('reset', ip);
  const database = await getDatabase();
  const { passwordResetTokens } = database.tables;
  const passwordHash = await hashPassword(input.password);
  const now = new Date();

  const [consumed] = await database.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashLinkToken(input.token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!consumed) throw new AppError('INVALID_RESET_TOKEN', INVALID_RESET_TOKEN_MESSAGE);

  // The link went to the account's address (links are dropped when it changes): the address is proved.
  await storeNewPassword(database, { userId: consumed.userId, passwordHash, now, provesEmail: true });
  return RESET_SUCCESS_MESSAGE;
}
