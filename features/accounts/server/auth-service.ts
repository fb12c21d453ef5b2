import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { signInWithLabel } from '@/shared/auth/single-sign-on';
import { refuseUninvitedSignup } from '@/shared/auth/signup-policy';
import type { LoginInput, RegisterInput, Role } from '@/features/accounts/server/auth-schemas';
import { getDatabase, isUniqueViolation, type Executor } from '@/server/db';
import { sha256Hex } from '@/server/digest';
import { getEnv } from '@/server/env';
import type { AuthenticatedUser } from '@/server/authenticated-user';
import { AppError } from '@/server/errors';
import { readBearerToken } from '@/server/http';
import { burnPasswordCheck, hashPassword, verifyPassword } from '@/server/password';
import { consumeRateLimit, refundRateLimit, resetRateLimit } from '@/server/rate-limit';
import {
  confirmationSentMessage,
  notConfirmedMessage,
  sendConfirmationLink,
} from './email-confirmation-service';
import { findUsableInvitation, getSignupSettings, invitationEmailMismatchMessage } from './signup-service';
import {
  signToken,
  signTwoFactorChallenge,
  tokenExpiresAtMs,
  verifyToken,
  verifyTwoFactorChallenge,
} from '@/server/token';
import { checkCodeLimited, enabledTwoFactorRow, isTwoFactorRequiredFor } from './two-factor-service';
import { toPublicUser, type PublicUser } from './user-dto';
import { hasAccountFor, hasAdmin } from './user-service';

export type UserRow = Parameters<typeof toPublicUser>[0] & { id: string; sessionVersion: number };

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const ADMIN_SIGNUP_CLOSED_MESSAGE =
  'Admin sign-up is closed. Ask an administrator to grant you the admin role.';
export const LOGIN_SUCCESS_MESSAGE = 'Login successful.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Log in instead.';

export interface AuthResult {
  token: string;
  role: Role;
  user: Omit<PublicUser, 'createdAt'>;
  message: string;
}

/**
 * POST /api/auth/register (docs/product.md#endpoint-register). Who may sign up is decided by the
 * sign-up settings (docs/decisions/0020-who-may-join.md): see createAccount. With OIDC_ONLY=on nobody
 * signs up with a password: accounts come from the provider.
 */
export async function registerUser(options: {
  input: RegisterInput;
  ip: string;
}): Promise<{ session: AuthResult } | { awaitingConfirmation: { message: string } }> {
  const { input, ip } = options;
  refusePasswordsWhenProviderOnly(null);
  await consumeRateLimit('register', ip);
  // With a domain list, the address is what lets someone in: it must be theirs (the mailed link),
  // except with an invitation (the admin's consent) and for the first admin of an install (who may
  // not have set up mail yet, and whom nobody else could let in).
  const awaiting =
    input.invite === undefined &&
    (await getSignupSettings()).domains.length > 0 &&
    !(input.role === 'admin' && !(await hasAdmin((await getDatabase()).db)));
  const row = await createAccount(input, { awaitingConfirmation: awaiting });
  if (awaiting) {
    await sendConfirmationLink(row);
    return { awaitingConfirmation: { message: confirmationSentMessage(row.email) } };
  }
  return { session: await openSession(row, 'Account created successfully.') };
}

/**
 * A new account, as sign-up makes it (by password, or at a first sign-in through the provider): an
 * invitation link lets its holder in with the invitation's role; otherwise the mode and the domain
 * list decide, except for the first admin of an install (no admin yet), who may sign up in every
 * mode. Admin only while no admin exists (first-run bootstrap).
 */
export async function createAccount(
  input: RegisterInput,
  proof: { confirmed?: boolean; awaitingConfirmation?: boolean } = {},
): Promise<UserRow> {
  if (input.invite !== undefined) return registerInvitee({ ...input, invite: input.invite }, proof);
  const handle = await getDatabase();
  const { db, tables } = handle;
  const { users } = tables;

  const refusal = refuseUninvitedSignup(await getSignupSettings(), input.email);
  // The first admin of a fresh install gets in whatever the mode: nobody could invite them.
  if (refusal && !(input.role === 'admin' && !(await hasAdmin(db)))) {
    throw new AppError(refusal.code, refusal.message);
  }

  if (await hasAccountFor(db, input.email)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);

  const values = {
    ...(await newUserValues(input, input.role, proof.confirmed === true)),
    awaitingConfirmation: proof.awaitingConfirmation === true,
  };
  const insert = async (executor: Executor) => {
    try {
      const [inserted] = await executor.insert(users).values(values).returning();
      return inserted;
    } catch (error) {
      // Two sign-ups for one email at once: the unique index decides.
      if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      throw error;
    }
  };
  // The first-admin check and the insert run under the same lock as the last-admin rule, so two
  // simultaneous admin sign-ups on an empty install cannot both succeed.
  const row =
    input.role === 'admin'
      ? await handle.exclusive(async (executor) => {
          if (await hasAdmin(executor))
            throw new AppError('ADMIN_SIGNUP_CLOSED', ADMIN_SIGNUP_CLOSED_MESSAGE);
          return insert(executor);
        })
      : await insert(db);
  if (!row) throw new Error('Insert returned no row');
  return row;
}

/**
 * With OIDC_ONLY=on, passwords are refused (sign-up always; login for everyone but
 * OIDC_BREAK_GLASS_EMAIL), with the same answer whether the account exists or not.
 */
function refusePasswordsWhenProviderOnly(loginEmail: string | null): void {
  const env = getEnv();
  if (env.OIDC_ONLY !== 'on' || (loginEmail !== null && loginEmail === env.OIDC_BREAK_GLASS_EMAIL)) return;
  throw new AppError(
    'PASSWORD_LOGIN_OFF',
    loginEmail === null
      ? `Sign-up with a password is turned off. Use ${signInWithLabel(env.OIDC_NAME)} instead.`
      : `Password login is turned off. Use ${signInWithLabel(env.OIDC_NAME)} instead.`,
  );
}

export { hasAdmin };

/**
 * A new account's row, as sign-up makes it (the password hashed), for `role`; `confirmed` when its
 * address is proved already (docs/decisions/0042-who-owns-an-address.md).
 */
export async function newUserValues(input: RegisterInput, role: Role, confirmed = false) {
  const now = new Date();
  return {
    id: randomUUID(),
    fullName: input.fullName,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    role,
    createdAt: now,
    updatedAt: now,
    sessionVersion: 0,
    emailConfirmedAt: confirmed ? now : null,
  };
}

/** A new session for `row`: its token, and what the screens show of the account. */
export async function openSession(
  row: UserRow,
  message: string,
  options: { twoFactorSetup?: boolean } = {},
): Promise<AuthResult> {
  const token = await signToken({
    userId: row.id,
    role: row.role,
    sessionVersion: row.sessionVersion,
    twoFactorSetup: options.twoFactorSetup,
  });
  const { createdAt: _createdAt, ...user } = toPublicUser(row);
  return { token, role: row.role, user, message };
}

/**
 * A sign-up through an invitation link. The invitation is the admin's consent, so neither the mode
 * nor the domain list applies; its role is the account's (an `admin` invitation makes an admin even
 * after the first), and an invitation made for an email admits that email only. It is claimed in
 * the same all-or-nothing write as the user's insert, under the users lock: of two sign-ups with one
 * link, one gets the account and the other is told the link was used.
 */
async function registerInvitee(
  input: RegisterInput & { invite: string },
  proof: { confirmed?: boolean },
): Promise<UserRow> {
  const handle = await getDatabase();
  const { users, invitations } = handle.tables;
  const checkInvitation = async (executor: Executor, now: Date) => {
    const invitation = await findUsableInvitation(executor, input.invite, now);
    if (invitation.email !== null && invitation.email !== input.email) {
      throw new AppError('INVITEE_MISMATCH', invitationEmailMismatchMessage(invitation.email));
    }
    return invitation;
  };
  // Checked before the password is hashed (slow), then again under the lock where it counts.
  const invitation = await checkInvitation(handle.db, new Date());
  // An invitation made for an address proves it: the admin chose it (and it was mailed there when
  // the server sends mail).
  const values = await newUserValues(
    input,
    invitation.role,
    proof.confirmed === true || invitation.email !== null,
  );

  await handle.exclusive(async (executor) => {
    const now = new Date();
    await checkInvitation(executor, now);
    if (await hasAccountFor(executor, input.email)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
    try {
      await handle.writeAll([
        executor.insert(users).values(values),
        executor
          .update(invitations)
          .set({ usedAt: now, usedBy: values.id })
          .where(
            and(eq(invitations.id, invitation.id), isNull(invitations.usedAt), isNull(invitations.revokedAt)),
          ),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      throw error;
    }
  });
  return values;
}

/**
 * POST /api/auth/login. The stored role is returned whatever role was sent (docs/product.md#endpoint-login).
 */
export async function loginUser(options: {
  input: LoginInput;
  ip: string;
}): Promise<AuthResult | TwoFactorChallenge> {
  const { input, ip } = options;
  refusePasswordsWhenProviderOnly(input.email);
  const pairKey = `${input.email}_${ip}`;
  // Every attempt is counted before the password check, in one atomic upsert: checking first and
  // counting the failure afterwards let parallel attempts all pass the check (a lockout bypass).
  await consumeRateLimit('loginEmailIp', pairKey);
  // The client address can be forged when no proxy strips X-Forwarded-For, so one account also
  // has a limit of its own, set well above the pair's so that a stranger cannot easily lock it.
  await consumeRateLimit('loginEmail', input.email);
  await consumeRateLimit('loginIp', ip);

  const handle = await getDatabase();
  const { db, tables } = handle;
  const [row] = await db.select().from(tables.users).where(eq(tables.users.email, input.email)).limit(1);
  let valid = false;
  if (row) valid = await verifyPassword(input.password, row.passwordHash);
  else await burnPasswordCheck(input.password);

  if (!row || !valid) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  // Both limits count failures only: a success clears this email's count and refunds the IP's.
  await resetRateLimit('loginEmailIp', pairKey);
  await refundRateLimit('loginEmail', input.email);
  await refundRateLimit('loginIp', ip);
  // Told only after the right password, so it does not say which addresses have accounts.
  if (row.awaitingConfirmation) throw new AppError('EMAIL_NOT_CONFIRMED', notConfirmedMessage(row.email));
  // Two-factor on: no token yet, a challenge for the code (docs/product.md#two-factor-sign-in).
  if (await enabledTwoFactorRow(handle, row.id)) {
    return {
      twoFactorRequired: true,
      challenge: await signTwoFactorChallenge({ userId: row.id, sessionVersion: row.sessionVersion }),
      message: TWO_FACTOR_CODE_MESSAGE,
    };
  }
  // REQUIRE_2FA=admins: the session works, but the admin API waits for two-factor to be set up.
  return openSession(row, LOGIN_SUCCESS_MESSAGE, { twoFactorSetup: isTwoFactorRequiredFor(row.role) });
}

export const TWO_FACTOR_SETUP_REQUIRED_MESSAGE =
  'Set up two-factor authentication in your profile to use the admin area.';
export const TWO_FACTOR_CODE_MESSAGE = 'Enter the code from your authenticator app, or a recovery code.';
export const SIGN_IN_EXPIRED_MESSAGE = 'This sign-in has expired. Log in with your password again.';

/** Login's answer for an account with two-factor on: no token, a challenge to send with the code. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  /** Signed, bound to the account and its session version, valid for five minutes. */
  challenge: string;
  message: string;
}

/**
 * POST /api/auth/login/two-factor {challenge, code}: login's second step. The code (TOTP or recovery)
 * is counted against the account's limit before it is checked, like a password; the session token
 * is issued only now.
 */
export async function completeTwoFactorLogin(options: {
  challenge: string;
  code: string;
}): Promise<AuthResult> {
  const claims = await verifyTwoFactorChallenge(options.challenge);
  if (!claims) throw new AppError('SIGN_IN_EXPIRED', SIGN_IN_EXPIRED_MESSAGE);
  const handle = await getDatabase();
  const [row] = await handle.db
    .select()
    .from(handle.tables.users)
    .where(eq(handle.tables.users.id, claims.sub))
    .limit(1);
  // The account changed since the password was checked (password reset, two-factor turned off...).
  if (!row || row.sessionVersion !== claims.sv)
    throw new AppError('SIGN_IN_EXPIRED', SIGN_IN_EXPIRED_MESSAGE);
  const twoFactor = await enabledTwoFactorRow(handle, row.id);
  if (!twoFactor) throw new AppError('SIGN_IN_EXPIRED', SIGN_IN_EXPIRED_MESSAGE);
  await checkCodeLimited(handle, twoFactor, options.code);
  return openSession(row, LOGIN_SUCCESS_MESSAGE);
}

/** The user behind `Authorization: Bearer <token>`, checked against the database on every call. */
export async function authenticateRequest(request: Request): Promise<AuthenticatedUser> {
  return (await authenticateSession(request)).user;
}

/**
 * authenticateRequest, plus when the caller's token expires (ms since the epoch; null: never) and
 * the session's key (the token's SHA-256, as a logout stores it), for responses that outlive the
 * request (a live sync stream ends at the expiry, or when that session logs out).
 */
export async function authenticateSession(
  request: Request,
): Promise<{ user: AuthenticatedUser; expiresAtMs: number | null; session: string }> {
  const token = readBearerToken(request);
  if (!token) throw new AppError('UNAUTHORIZED', 'Authentication required. Log in and try again.');
  return {
    user: await authenticateToken(token),
    expiresAtMs: tokenExpiresAtMs(token),
    session: sha256Hex(token),
  };
}

/** The user a session token belongs to, checked against the database (401 when it is no longer valid). */
export async function authenticateToken(token: string): Promise<AuthenticatedUser> {
  const claims = await verifyToken(token);
  if (!claims)
    throw new AppError('UNAUTHORIZED', 'Your session is invalid or has expired. Please log in again.');

  const { db, tables } = await getDatabase();
  const { users, revokedTokens } = tables;
  // One round trip: the account, and whether this token was logged out (revoked_tokens).
  const [found] = await db
    .select({ row: users, revoked: revokedTokens.tokenHash })
    .from(users)
    .leftJoin(revokedTokens, eq(revokedTokens.tokenHash, sha256Hex(token)))
    .where(eq(users.id, claims.sub))
    .limit(1);
  const row = found?.row;
  if (!row || row.sessionVersion !== claims.sv || found.revoked !== null) {
    throw new AppError('UNAUTHORIZED', 'Your session is invalid or has expired. Please log in again.');
  }
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    sessionVersion: row.sessionVersion,
    ...(claims.tfs ? { twoFactorSetup: true } : {}),
  };
}

/** Admin API guard: 401 without a valid token, 403 for a non-admin. The role is read from the database. */
export async function requireAdmin(request: Request): Promise<AuthenticatedUser> {
  const user = await authenticateRequest(request);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'Administrator access is required.');
  if (user.twoFactorSetup && isTwoFactorRequiredFor(user.role)) {
    throw new AppError('TWO_FACTOR_REQUIRED', TWO_FACTOR_SETUP_REQUIRED_MESSAGE);
  }
  return user;
}
