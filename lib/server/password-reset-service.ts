import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ForgotPasswordInput, ResetPasswordInput } from '@/lib/validation/auth';
import { getDatabase } from './db';
import { getEnv } from './env';
import { AppError } from './errors';
import { logger } from './logger';
import { buildPasswordResetMail, sendMail } from './mailer';
import { hashPassword } from './password';
import { consumeRateLimit } from './rate-limit';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, a reset link has been sent to it.';
export const RESET_SUCCESS_MESSAGE = 'Your password has been reset. You can now log in.';
export const INVALID_RESET_TOKEN_MESSAGE =
  'This reset link is invalid, expired or already used. Request a new one.';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Mail is sent in the background so the response time does not reveal whether the account exists. */
const pendingMail = new Set<Promise<void>>();

/** Tests wait for background mail before reading the outbox or the SMTP sink. */
export async function flushPendingMail(): Promise<void> {
  await Promise.all([...pendingMail]);
}

/**
 * Spec §7 POST /api/forgot-password. Same answer whether or not the email has an account; a
 * known email gets a single-use link valid for PASSWORD_RESET_TTL_MINUTES. Only the token's
 * SHA-256 is stored, and a new request replaces any earlier unused token.
 */
export async function requestPasswordReset(options: {
  input: ForgotPasswordInput;
  ip: string;
}): Promise<string> {
  const { input, ip } = options;
  await consumeRateLimit('forgotIp', ip);
  await consumeRateLimit('forgotEmail', input.email);
  const env = getEnv();
  const { db, tables } = await getDatabase();
  const { users, passwordResetTokens } = tables;

  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (!user) return FORGOT_PASSWORD_MESSAGE;

  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values({
    id: randomUUID(),
    tokenHash: hashResetToken(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + env.PASSWORD_RESET_TTL_MINUTES * 60_000),
    createdAt: now,
  });

  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, env.APP_URL).toString();
  const sending = sendMail(buildPasswordResetMail(user.email, link, env.PASSWORD_RESET_TTL_MINUTES))
    .catch((error: unknown) => logger.error('Password reset email could not be sent', error))
    .finally(() => pendingMail.delete(sending));
  pendingMail.add(sending);
  return FORGOT_PASSWORD_MESSAGE;
}

/**
 * Spec §7 POST /api/reset-password. The token is consumed by one conditional update, so two
 * requests with the same token cannot both succeed; every existing session is invalidated.
 */
export async function resetPassword(options: { input: ResetPasswordInput; ip: string }): Promise<string> {
  const { input, ip } = options;
  await consumeRateLimit('reset', ip);
  const { db, tables } = await getDatabase();
  const { users, passwordResetTokens } = tables;
  const passwordHash = await hashPassword(input.password);
  const now = new Date();

  const [consumed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashResetToken(input.token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!consumed) throw new AppError('INVALID_RESET_TOKEN', INVALID_RESET_TOKEN_MESSAGE);

  await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
    .where(eq(users.id, consumed.userId));
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, consumed.userId), isNull(passwordResetTokens.usedAt)));
  return RESET_SUCCESS_MESSAGE;
}
