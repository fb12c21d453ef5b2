import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LoginInput, RegisterInput, Role } from '@/lib/validation/auth';
import { getDatabase, isUniqueViolation, type Executor } from './db';
import { sha256Hex } from './digest';
import { AppError } from './errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { consumeRateLimit, refundRateLimit, resetRateLimit } from './rate-limit';
import { signToken, tokenExpiresAtMs, verifyToken } from './token';
import { toPublicUser, type PublicUser } from './user-dto';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const ADMIN_SIGNUP_CLOSED_MESSAGE =
  'Admin sign-up is closed. Ask an administrator to grant you the admin role.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Log in instead.';

export interface AuthResult {
  token: string;
  role: Role;
  user: Omit<PublicUser, 'createdAt'>;
  message: string;
}

export interface AuthenticatedUser {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  /** The session version the caller's token carries (it matched the database when checked). */
  sessionVersion: number;
}

/**
 * POST /api/auth/register (docs/product.md#endpoint-register). Admin only while no admin exists
 * (first-run bootstrap).
 */
export async function registerUser(options: { input: RegisterInput; ip: string }): Promise<AuthResult> {
  const { input, ip } = options;
  await consumeRateLimit('register', ip);
  const handle = await getDatabase();
  const { db, tables } = handle;
  const { users } = tables;

  const [duplicate] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (duplicate) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);

  const now = new Date();
  const passwordHash = await hashPassword(input.password);
  const values = {
    id: randomUUID(),
    fullName: input.fullName,
    email: input.email,
    passwordHash,
    role: input.role,
    createdAt: now,
    updatedAt: now,
    sessionVersion: 0,
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
          const [existingAdmin] = await executor
            .select({ id: users.id })
            .from(users)
            .where(eq(users.role, 'admin'))
            .limit(1);
          if (existingAdmin) throw new AppError('ADMIN_SIGNUP_CLOSED', ADMIN_SIGNUP_CLOSED_MESSAGE);
          return insert(executor);
        })
      : await insert(db);
  if (!row) throw new Error('Insert returned no row');
  const token = await signToken({ userId: row.id, role: row.role, sessionVersion: row.sessionVersion });
  const { createdAt: _createdAt, ...user } = toPublicUser(row);
  return { token, role: row.role, user, message: 'Account created successfully.' };
}

/**
 * POST /api/auth/login. The stored role is returned whatever role was sent (docs/product.md#endpoint-login).
 */
export async function loginUser(options: { input: LoginInput; ip: string }): Promise<AuthResult> {
  const { input, ip } = options;
  const pairKey = `${input.email}_${ip}`;
  // Every attempt is counted before the password check, in one atomic upsert: checking first and
  // counting the failure afterwards let parallel attempts all pass the check (a lockout bypass).
  await consumeRateLimit('loginEmailIp', pairKey);
  // The client address can be forged when no proxy strips X-Forwarded-For, so one account also
  // has a limit of its own, set well above the pair's so that a stranger cannot easily lock it.
  await consumeRateLimit('loginEmail', input.email);
  await consumeRateLimit('loginIp', ip);

  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.users).where(eq(tables.users.email, input.email)).limit(1);
  let valid = false;
  if (row) valid = await verifyPassword(input.password, row.passwordHash);
  else await burnPasswordCheck(input.password);

  if (!row || !valid) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  // Both limits count failures only: a success clears this email's count and refunds the IP's.
  await resetRateLimit('loginEmailIp', pairKey);
  await refundRateLimit('loginEmail', input.email);
  await refundRateLimit('loginIp', ip);
  const token = await signToken({ userId: row.id, role: row.role, sessionVersion: row.sessionVersion });
  const { createdAt: _createdAt, ...user } = toPublicUser(row);
  return { token, role: row.role, user, message: 'Login successful.' };
}

/** The user behind `Authorization: Bearer <token>`, checked against the database on every call. */
export async function authenticateRequest(request: Request): Promise<AuthenticatedUser> {
  return (await authenticateSession(request)).user;
}

/** The token of `Authorization: Bearer <token>`, or null without one. */
export function readBearerToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  return /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] ?? null;
}

/**
 * authenticateRequest, plus when the caller's token expires (ms since the epoch; null: never), for
 * responses that outlive the request (a live sync stream ends then).
 */
export async function authenticateSession(
  request: Request,
): Promise<{ user: AuthenticatedUser; expiresAtMs: number | null }> {
  const token = readBearerToken(request);
  if (!token) throw new AppError('UNAUTHORIZED', 'Authentication required. Log in and try again.');
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
  const user = {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    sessionVersion: row.sessionVersion,
  };
  return { user, expiresAtMs: tokenExpiresAtMs(token) };
}

/** Admin API guard: 401 without a valid token, 403 for a non-admin. The role is read from the database. */
export async function requireAdmin(request: Request): Promise<AuthenticatedUser> {
  const user = await authenticateRequest(request);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'Administrator access is required.');
  return user;
}
