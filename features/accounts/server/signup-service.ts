import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { presetSignupMode, type SignupSettings } from '@/shared/auth/signup-policy';
import type { Role } from '@/features/accounts/server/auth-schemas';
import type { CreateInvitationInput, SignupSettingsInput } from '@/features/accounts/server/signup-schemas';
import { getDatabase, type Executor } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { createLinkToken, hashLinkToken } from '@/server/link-token';
import { logger } from '@/server/logger';
import { sendMail, type MailMessage } from '@/server/mailer';
import { consumeRateLimit } from '@/server/rate-limit';
import { hasAccountFor, hasAdmin } from './user-service';

/** An invitation works for a week after it is created (docs/product.md#invitations). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
/**
 * How long creating an invitation waits for the mail server before answering without "Emailed to"
 * (the browser gives up on a request after 15 s; the link is on screen either way).
 */
export const INVITATION_MAIL_WAIT_MS = 8_000;

export const INVITATION_UNKNOWN_MESSAGE =
  'This invitation link is not valid. Check that you copied the whole link, or ask an administrator for a new one.';
export const INVITATION_EXPIRED_MESSAGE =
  'This invitation has expired. Ask an administrator for a new invitation.';
export const INVITATION_USED_MESSAGE =
  'This invitation has already been used. Log in, or ask an administrator for a new invitation.';
export const INVITATION_REVOKED_MESSAGE =
  'This invitation was revoked. Ask an administrator for a new invitation.';
export const INVITATION_NOT_FOUND_MESSAGE = 'This invitation is no longer open.';
export const INVITEE_HAS_ACCOUNT_MESSAGE = 'An account with this email already exists.';

export function invitationEmailMismatchMessage(email: string): string {
  return `This invitation is for ${email}. Sign up with that email, or ask an administrator for a new invitation.`;
}

export interface SignupSettingsView extends SignupSettings {
  /**
   * Nobody has saved the settings yet: `environment`, SIGNUP_MODE / SIGNUP_DOMAINS decide;
   * `team-default`, SIGNUP_MODE is unset and team sync is on, so sign-up is open until the first
   * admin exists and invitation only after (docs/decisions/0041-a-guided-first-run.md).
   */
  source: 'environment' | 'team-default' | 'saved';
  updatedAt: string | null;
}

/** The stored sign-up settings, or the presets (environment, team default) until an admin has saved them. */
export async function getSignupSettings(): Promise<SignupSettingsView> {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.appSettings).where(eq(tables.appSettings.id, 1)).limit(1);
  if (!row) {
    const env = getEnv();
    const teamDefault = env.SIGNUP_MODE === undefined && env.TEAM_SYNC === 'on';
    const mode = presetSignupMode({
      envMode: env.SIGNUP_MODE,
      teamSync: env.TEAM_SYNC === 'on',
      adminExists: teamDefault && (await hasAdmin(db)),
    });
    return {
      mode,
      domains: env.SIGNUP_DOMAINS,
      source: teamDefault ? 'team-default' : 'environment',
      updatedAt: null,
    };
  }
  return {
    mode: row.signupMode,
    domains: row.signupDomains.split(' ').filter(Boolean),
    source: 'saved',
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** PUT /api/admin/signup-settings: from now on the stored values decide, whatever the environment says. */
export async function saveSignupSettings(input: SignupSettingsInput, adminId: string) {
  const { db, tables } = await getDatabase();
  const { appSettings } = tables;
  const values = {
    signupMode: input.mode,
    signupDomains: input.domains.join(' '),
    updatedAt: new Date(),
    updatedBy: adminId,
  };
  await db
    .insert(appSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: appSettings.id, set: values });
  return getSignupSettings();
}

export interface InvitationView {
  id: string;
  email: string | null;
  role: Role;
  createdAt: string;
  expiresAt: string;
}

type InvitationRow = {
  id: string;
  email: string | null;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
};

function toInvitationView(row: InvitationRow): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The link an invitee opens: the sign-up screen with the invitation's token. */
export function invitationLink(token: string): string {
  return new URL(`/signup?invite=${encodeURIComponent(token)}`, getEnv().APP_URL).toString();
}

/** Who sends an invitation, as the email names them. */
export interface Inviter {
  fullName: string;
  email: string;
}

/**
 * The invitation email (docs/product.md#invitations): who invited you, to what (the app's name and
 * address, APP_URL) and in which role, then the link.
 */
export function buildInvitationMail(options: {
  to: string;
  link: string;
  role: Role;
  inviter: Inviter;
  appUrl: string;
}): MailMessage {
  const { to, link, role, inviter, appUrl } = options;
  const address = appUrl.replace(/\/+$/, '');
  const as = role === 'admin' ? 'an administrator' : 'a member';
  const text = [
    `${inviter.fullName} (${inviter.email}) invited you to join Tasklane at ${address} as ${as}.`,
    '',
    'Open this link to create your account (it works once, for 7 days):',
    link,
    '',
    'If you did not expect this, ignore this email.',
  ].join('\n');
  return { to, subject: `${inviter.fullName} invited you to Tasklane`, text };
}

/** Mails the link and says whether the mail server took it within INVITATION_MAIL_WAIT_MS. */
async function mailInvitation(message: MailMessage): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), INVITATION_MAIL_WAIT_MS);
  });
  const sent = sendMail(message).then(
    () => true,
    (error: unknown) => {
      logger.error('Invitation email could not be sent', error);
      return false;
    },
  );
  try {
    return await Promise.race([sent, waited]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * POST /api/admin/invitations. The token is returned once, inside the link, and never stored; with
 * an email and SMTP_URL set the link is also mailed (`emailedTo`).
 */
export async function createInvitation(input: CreateInvitationInput, adminId: string) {
  await consumeRateLimit('invite', adminId);
  const { db, tables } = await getDatabase();
  const { invitations } = tables;
  if (input.email && (await hasAccountFor(db, input.email))) {
    throw new AppError('EMAIL_TAKEN', INVITEE_HAS_ACCOUNT_MESSAGE);
  }
  const { token, tokenHash } = createLinkToken();
  const now = new Date();
  const [row] = await db
    .insert(invitations)
    .values({
      id: randomUUID(),
      tokenHash,
      email: input.email,
      role: input.role,
      createdBy: adminId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    })
    .returning();
  if (!row) throw new Error('Insert returned no row');
  const link = invitationLink(token);
  const env = getEnv();
  let emailed = false;
  if (input.email !== null && env.SMTP_URL !== undefined) {
    const [inviter] = await db
      .select({ fullName: tables.users.fullName, email: tables.users.email })
      .from(tables.users)
      .where(eq(tables.users.id, adminId))
      .limit(1);
    if (!inviter) throw new Error('The inviting admin has no account');
    emailed = await mailInvitation(
      buildInvitationMail({ to: input.email, link, role: input.role, inviter, appUrl: env.APP_URL }),
    );
  }
  return {
    invitation: toInvitationView(row),
    link,
    emailedTo: emailed ? input.email : null,
    message: 'Invitation created.',
  };
}

/** GET /api/admin/invitations: the ones still usable (not used, revoked or expired), oldest expiry first. */
export async function listOpenInvitations(): Promise<InvitationView[]> {
  const { db, tables } = await getDatabase();
  const { invitations } = tables;
  const rows = await db
    .select()
    .from(invitations)
    .where(
      and(isNull(invitations.usedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, new Date())),
    )
    .orderBy(asc(invitations.expiresAt), asc(invitations.id));
  return rows.map(toInvitationView);
}

/**
 * DELETE /api/admin/invitations/{id}. Under the users lock, like a sign-up claiming an invitation,
 * so a revoke and a claim cannot interleave between the claim's check and its write.
 */
export async function revokeInvitation(id: string): Promise<void> {
  const handle = await getDatabase();
  const { invitations } = handle.tables;
  const now = new Date();
  const [revoked] = await handle.exclusive((executor) =>
    executor
      .update(invitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(invitations.id, id),
          isNull(invitations.usedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, now),
        ),
      )
      .returning({ id: invitations.id }),
  );
  if (!revoked) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND_MESSAGE);
}

/**
 * The invitation behind a link's token if it can still be used; otherwise a 403 saying why (unknown,
 * expired, used or revoked) and what to do.
 */
export async function findUsableInvitation(executor: Executor, token: string, now: Date) {
  const { invitations } = (await getDatabase()).tables;
  const [row] = await executor
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashLinkToken(token)))
    .limit(1);
  if (!row) throw new AppError('INVITATION_INVALID', INVITATION_UNKNOWN_MESSAGE);
  if (row.usedAt) throw new AppError('INVITATION_INVALID', INVITATION_USED_MESSAGE);
  if (row.revokedAt) throw new AppError('INVITATION_INVALID', INVITATION_REVOKED_MESSAGE);
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('INVITATION_INVALID', INVITATION_EXPIRED_MESSAGE);
  }
  return row;
}

/** GET /api/invitations/{token}: what the sign-up screen fills in (role, bound email), nothing more. */
export async function describeInvitation(token: string): Promise<{ role: Role; email: string | null }> {
  const { db } = await getDatabase();
  const row = await findUsableInvitation(db, token, new Date());
  return { role: row.role, email: row.email };
}
