import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { ConfirmEmailInput, ResendConfirmationInput } from '@/features/accounts/server/auth-schemas';
import { getDatabase } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { createLinkToken, hashLinkToken } from '@/server/link-token';
import { sendMailInBackground, type MailMessage } from '@/server/mailer';
import { consumeRateLimit } from '@/server/rate-limit';

/**
 * Confirming an account's address by a link mailed to it (docs/product.md#confirming-an-email-address,
 * docs/decisions/0042-who-owns-an-address.md). Password reset's flow is the model: a single-use link,
 * only its SHA-256 stored, a new one replacing the unused ones.
 */

/** How long a confirmation link works. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 24;

export const EMAIL_CONFIRMED_MESSAGE = 'Your email address is confirmed. You can now log in.';
export const INVALID_CONFIRMATION_MESSAGE =
  'This confirmation link is invalid, expired or already used. Log in to have a new one sent.';
export const CONFIRMATION_RESENT_MESSAGE = `If an account with this email still needs confirming, a new link has been sent to it. The link works for ${EMAIL_CONFIRMATION_TTL_HOURS} hours.`;

/** What sign-up answers (202, no token) when the domain list makes new accounts wait for their link. */
export function confirmationSentMessage(email: string): string {
  return `Check your email: we sent a link to ${email}. Open it within ${EMAIL_CONFIRMATION_TTL_HOURS} hours to confirm your address, then log in.`;
}

/** What login answers (403) for an account still waiting for its link. */
export function notConfirmedMessage(email: string): string {
  return `Confirm your email address before logging in: open the link we sent to ${email}. If it has expired or not arrived, send a new one.`;
}

export function buildConfirmationMail(to: string, link: string, appUrl: string): MailMessage {
  const text = [
    `Someone asked to confirm this email address for a Tasklane account at ${appUrl}.`,
    '',
    `Open this link to confirm that the address is yours (it works once, for ${EMAIL_CONFIRMATION_TTL_HOURS} hours):`,
    link,
    '',
    'If it was not you, ignore this email: the address stays unconfirmed.',
  ].join('\n');
  return { to, subject: 'Confirm your email address for Tasklane', text };
}

/**
 * A new confirmation link for the account's current address, mailed in the background (the answer's
 * timing must not tell whether an account exists). Earlier unused links of the account go.
 */
export async function sendConfirmationLink(user: { id: string; email: string }): Promise<void> {
  const env = getEnv();
  const { db, tables } = await getDatabase();
  const { emailConfirmations } = tables;
  const { token, tokenHash } = createLinkToken();
  const now = new Date();
  await db
    .delete(emailConfirmations)
    .where(and(eq(emailConfirmations.userId, user.id), isNull(emailConfirmations.usedAt)));
  await db.insert(emailConfirmations).values({
    id: randomUUID(),
    tokenHash,
    userId: user.id,
    email: user.email,
    expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_HOURS * 60 * 60_000),
    createdAt: now,
  });
  const link = new URL(`/confirm-email?token=${encodeURIComponent(token)}`, env.APP_URL).toString();
  sendMailInBackground(
    buildConfirmationMail(user.email, link, env.APP_URL),
    'Email confirmation could not be sent',
  );
}

/**
 * POST /api/auth/confirm-email: the link's token is consumed by one conditional update (single use,
 * unexpired); the address is proved if it is still the one the link was mailed to.
 */
export async function confirmEmail(options: { input: ConfirmEmailInput; ip: string }): Promise<string> {
  await consumeRateLimit('confirmLink', options.ip);
  const { db, tables } = await getDatabase();
  const { emailConfirmations, users } = tables;
  const now = new Date();
  const [consumed] = await db
    .update(emailConfirmations)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailConfirmations.tokenHash, hashLinkToken(options.input.token)),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, now),
      ),
    )
    .returning({ userId: emailConfirmations.userId, email: emailConfirmations.email });
  if (!consumed) throw new AppError('INVALID_CONFIRMATION_TOKEN', INVALID_CONFIRMATION_MESSAGE);
  const [confirmed] = await db
    .update(users)
    .set({ emailConfirmedAt: now, awaitingConfirmation: false, updatedAt: now })
    .where(and(eq(users.id, consumed.userId), eq(users.email, consumed.email)))
    .returning({ id: users.id });
  // The account's address changed after the link was sent: the link proves the old one only.
  if (!confirmed) throw new AppError('INVALID_CONFIRMATION_TOKEN', INVALID_CONFIRMATION_MESSAGE);
  return EMAIL_CONFIRMED_MESSAGE;
}

/**
 * POST /api/auth/confirm-email/resend: a new link for an account whose address is not proved yet
 * (one waiting after a sign-up under SIGNUP_DOMAINS, or any unproved one: the profile's offer). The
 * same answer whether or not there is such an account; limited per address and per client address.
 */
export async function resendConfirmation(options: {
  input: ResendConfirmationInput;
  ip: string;
}): Promise<string> {
  const { input, ip } = options;
  await consumeRateLimit('confirmIp', ip);
  await consumeRateLimit('confirmEmail', input.email);
  const { db, tables } = await getDatabase();
  const { users } = tables;
  const [user] = await db
    .select({ id: users.id, email: users.email, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (user && user.emailConfirmedAt === null) await sendConfirmationLink(user);
  return CONFIRMATION_RESENT_MESSAGE;
}
