import 'server-only';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AuthenticatedUser } from '@/server/authenticated-user';
import { getDatabase, type DatabaseHandle } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { consumeRateLimit, resetRateLimit } from '@/server/rate-limit';
import { closeLiveSessions } from './session-service';
import { signToken } from '@/server/token';
import {
  acceptedTotpStep,
  decryptSecret,
  encryptSecret,
  findRecoveryCode,
  hashRecoveryCode,
  isTotpShaped,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
} from './two-factor-codes';

/**
 * Two-factor sign-in with TOTP (docs/product.md#two-factor-sign-in,
 * docs/decisions/0047-two-factor-sign-in.md): set up from the profile, confirmed by a first code,
 * asked for after a correct password at login. Every change (on, off, reset) ends the account's
 * other sessions.
 */

export const INVALID_CODE_MESSAGE = 'That code is not right. Check the code and try again.';
export const ALREADY_ON_MESSAGE = 'Two-factor authentication is already on.';
export const NOT_SET_UP_MESSAGE = 'Start the set-up again: no two-factor set-up is waiting for a code.';
export const NOT_ON_MESSAGE = 'Two-factor authentication is not on.';
export const TURNED_ON_MESSAGE =
  'Two-factor authentication is on. Save your recovery codes now: they are shown only once.';
export const TURNED_OFF_MESSAGE = 'Two-factor authentication is off.';
export const UNREADABLE_SECRET_MESSAGE =
  'Two-factor authentication cannot be checked on this server. Ask an administrator to reset it.';
const SESSION_OVER_MESSAGE = 'Your session is invalid or has expired. Please log in again.';

type TwoFactorRow = {
  userId: string;
  secret: string;
  enabledAt: Date | null;
  recoveryCodes: string;
  lastUsedStep: number | null;
};

async function readRow(database: DatabaseHandle, userId: string): Promise<TwoFactorRow | undefined> {
  const { userTwoFactor } = database.tables;
  const [row] = await database.db
    .select()
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .limit(1);
  return row;
}

/** Whether the account has two-factor sign-in on (a set-up waiting for its first code is not on). */
export async function hasTwoFactor(database: DatabaseHandle, userId: string): Promise<boolean> {
  const row = await readRow(database, userId);
  return Boolean(row?.enabledAt);
}

/** The emails of the accounts that have it on, sorted (Manage Users' column). */
export async function twoFactorEmails(database: DatabaseHandle): Promise<string[]> {
  const { users, userTwoFactor } = database.tables;
  const rows = await database.db
    .select({ email: users.email })
    .from(userTwoFactor)
    .innerJoin(users, eq(users.id, userTwoFactor.userId))
    .where(isNotNull(userTwoFactor.enabledAt))
    .orderBy(users.email);
  return rows.map((row) => row.email);
}

function readSecret(row: TwoFactorRow): string {
  const secret = decryptSecret(row.secret, getEnv().AUTH_SECRET);
  if (secret === null) {
    logger.error('A two-factor secret could not be decrypted (was AUTH_SECRET changed?)', {
      userId: row.userId,
    });
    throw new AppError('SERVICE_UNAVAILABLE', UNREADABLE_SECRET_MESSAGE);
  }
  return secret;
}

function parseHashes(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Checks `code` (a TOTP code or a recovery code) against an account that has two-factor on, and
 * uses it up: a TOTP code's step is recorded (no code of that step or an earlier one is accepted
 * again), a recovery code is removed. Both writes are compare-and-set, so of two requests with one
 * code, one wins. Returns whether the code was accepted.
 */
export async function useSecondFactor(database: DatabaseHandle, row: TwoFactorRow, code: string) {
  const { userTwoFactor } = database.tables;
  const now = new Date();
  if (isTotpShaped(code)) {
    const step = acceptedTotpStep(readSecret(row), code, now.getTime(), row.lastUsedStep);
    if (step === null) return false;
    const [updated] = await database.db
      .update(userTwoFactor)
      .set({ lastUsedStep: step, updatedAt: now })
      .where(
        and(
          eq(userTwoFactor.userId, row.userId),
          or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    return updated !== undefined;
  }
  const hashes = parseHashes(row.recoveryCodes);
  const index = findRecoveryCode(hashes, code);
  if (index === -1) return false;
  const [updated] = await database.db
    .update(userTwoFactor)
    .set({ recoveryCodes: JSON.stringify(hashes.filter((_, at) => at !== index)), updatedAt: now })
    .where(and(eq(userTwoFactor.userId, row.userId), eq(userTwoFactor.recoveryCodes, row.recoveryCodes)))
    .returning({ userId: userTwoFactor.userId });
  if (updated) logger.info('A two-factor recovery code was used', { userId: row.userId });
  return updated !== undefined;
}

/**
 * Counts a code attempt against the account's limit before the check (like passwords), and clears
 * the count once a code is accepted.
 */
export async function checkCodeLimited(
  database: DatabaseHandle,
  row: TwoFactorRow,
  code: string,
  check: (database: DatabaseHandle, row: TwoFactorRow, code: string) => Promise<boolean> = useSecondFactor,
): Promise<void> {
  await consumeRateLimit('twoFactor', row.userId);
  if (!(await check(database, row, code))) throw new AppError('INVALID_CODE', INVALID_CODE_MESSAGE);
  await resetRateLimit('twoFactor', row.userId);
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** REQUIRE_2FA=admins and this is an admin: it cannot be turned off. */
  required: boolean;
}

export function isTwoFactorRequiredFor(role: AuthenticatedUser['role']): boolean {
  return getEnv().REQUIRE_2FA === 'admins' && role === 'admin';
}

/** GET /api/auth/two-factor. */
export async function getTwoFactorStatus(actor: AuthenticatedUser): Promise<TwoFactorStatus> {
  const database = await getDatabase();
  return { enabled: await hasTwoFactor(database, actor.id), required: isTwoFactorRequiredFor(actor.role) };
}

export interface TwoFactorSetup {
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: string;
  otpauthUri: string;
  /** The QR code of otpauthUri, as an SVG data URL. */
  qrCode: string;
}

/**
 * POST /api/auth/two-factor/setup: a new secret, stored encrypted and waiting for its first code
 * (a set-up started again replaces the waiting one). Refused while two-factor is on.
 */
export async function startTwoFactorSetup(actor: AuthenticatedUser): Promise<TwoFactorSetup> {
  const database = await getDatabase();
  const { userTwoFactor } = database.tables;
  const existing = await readRow(database, actor.id);
  if (existing?.enabledAt) throw new AppError('CONFLICT', ALREADY_ON_MESSAGE);
  const secret = newTotpSecret();
  const stored = encryptSecret(secret, getEnv().AUTH_SECRET);
  const now = new Date();
  await database.db
    .insert(userTwoFactor)
    .values({ userId: actor.id, secret: stored, enabledAt: null, recoveryCodes: '[]', updatedAt: now })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secret: stored, recoveryCodes: '[]', lastUsedStep: null, updatedAt: now },
      // Never over a set-up that was confirmed meanwhile.
      setWhere: isNull(userTwoFactor.enabledAt),
    });
  const uri = otpauthUri(secret, actor.email);
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret,
    otpauthUri: uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
  };
}

/** Bumps the session version in the same write as `change`; the caller gets a fresh token. */
async function changeWithNewSession(
  database: DatabaseHandle,
  actor: AuthenticatedUser,
  change: (executor: Parameters<Parameters<DatabaseHandle['exclusive']>[0]>[0]) => PromiseLike<unknown>,
): Promise<string> {
  const { users } = database.tables;
  const updated = await database.exclusive(async (executor) => {
    const [row] = await executor
      .select({ sessionVersion: users.sessionVersion, role: users.role })
      .from(users)
      .where(eq(users.id, actor.id))
      .limit(1);
    if (!row || row.sessionVersion !== actor.sessionVersion) {
      throw new AppError('UNAUTHORIZED', SESSION_OVER_MESSAGE);
    }
    await database.writeAll([
      change(executor),
      executor
        .update(users)
        .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, actor.id)),
    ]);
    return { role: row.role, sessionVersion: row.sessionVersion + 1 };
  }, 'users');
  await closeLiveSessions([actor.id]);
  return signToken({ userId: actor.id, role: updated.role, sessionVersion: updated.sessionVersion });
}

export interface TwoFactorEnabled {
  message: string;
  /** Shown once; only their hashes are kept. */
  recoveryCodes: string[];
  /** Replaces the caller's token: every other session has ended. */
  token: string;
}

/** POST /api/auth/two-factor/enable {code}: the first code from the app turns it on. */
export async function enableTwoFactor(options: {
  actor: AuthenticatedUser;
  code: string;
}): Promise<TwoFactorEnabled> {
  const { actor, code } = options;
  const database = await getDatabase();
  const { userTwoFactor } = database.tables;
  const row = await readRow(database, actor.id);
  if (row?.enabledAt) throw new AppError('CONFLICT', ALREADY_ON_MESSAGE);
  if (!row) throw new AppError('CONFLICT', NOT_SET_UP_MESSAGE);

  const accepted: { step: number | null } = { step: null };
  await checkCodeLimited(database, row, code, async (_database, pending, typed) => {
    accepted.step = acceptedTotpStep(readSecret(pending), typed, Date.now(), null);
    return accepted.step !== null;
  });
  const recoveryCodes = newRecoveryCodes();
  const now = new Date();
  const token = await changeWithNewSession(database, actor, (executor) =>
    executor
      .update(userTwoFactor)
      .set({
        enabledAt: now,
        lastUsedStep: accepted.step,
        recoveryCodes: JSON.stringify(recoveryCodes.map(hashRecoveryCode)),
        updatedAt: now,
      })
      .where(and(eq(userTwoFactor.userId, actor.id), isNull(userTwoFactor.enabledAt))),
  );
  logger.info('Two-factor authentication turned on', { userId: actor.id });
  return { message: TURNED_ON_MESSAGE, recoveryCodes, token };
}

/** POST /api/auth/two-factor/disable {code}: a current code or a recovery code turns it off. */
export async function disableTwoFactor(options: {
  actor: AuthenticatedUser;
  code: string;
}): Promise<{ message: string; token: string }> {
  const { actor, code } = options;
  if (isTwoFactorRequiredFor(actor.role)) {
    throw new AppError('TWO_FACTOR_REQUIRED', 'Two-factor authentication is required for admins here.');
  }
  const database = await getDatabase();
  const { userTwoFactor } = database.tables;
  const row = await readRow(database, actor.id);
  if (!row?.enabledAt) throw new AppError('CONFLICT', NOT_ON_MESSAGE);
  await checkCodeLimited(database, row, code);
  const token = await changeWithNewSession(database, actor, (executor) =>
    executor.delete(userTwoFactor).where(eq(userTwoFactor.userId, actor.id)),
  );
  logger.info('Two-factor authentication turned off', { userId: actor.id });
  return { message: TURNED_OFF_MESSAGE, token };
}

/**
 * `npm run admin -- reset-2fa EMAIL`: the account's two-factor is cleared (its owner lost the app
 * and the recovery codes) and its sessions end. Returns whether there was anything to clear.
 */
export async function resetTwoFactor(database: DatabaseHandle, userId: string): Promise<boolean> {
  const { users, userTwoFactor } = database.tables;
  const existed = (await readRow(database, userId)) !== undefined;
  await database.exclusive(async (executor) => {
    await database.writeAll([
      executor.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId)),
      executor
        .update(users)
        .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, userId)),
    ]);
  }, 'users');
  await closeLiveSessions([userId]);
  return existed;
}

/** The row of an account with two-factor on, for login's second step; undefined when it is off. */
export async function enabledTwoFactorRow(database: DatabaseHandle, userId: string) {
  const row = await readRow(database, userId);
  return row?.enabledAt ? row : undefined;
}
