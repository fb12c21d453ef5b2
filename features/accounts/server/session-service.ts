import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { getDatabase } from '@/server/db';
import { sha256Hex } from '@/server/digest';
import { isTeamSyncOn } from '@/server/env';
import { AppError } from '@/server/errors';
import { readBearerToken } from '@/server/http';
import { logger } from '@/server/logger';
import { getSyncHub } from '@/server/realtime/hub';
import { encodeSessionsEnded, SESSIONS_CHANNEL, type SessionsEnded } from '@/server/realtime/listener';
import { tokenExpiresAtMs, verifyToken } from '@/server/token';

/**
 * Where sessions end before their token expires (docs/decisions/0022-sessions.md): a logout lists
 * its token as revoked and closes the live sync streams opened with it, and a change to an account
 * (password, role, email, deletion) closes that account's live sync streams, on every instance.
 */

/** A token without `exp` never expires on its own: its revocation is kept this long. */
const NO_EXPIRY_KEEP_MS = 365 * 24 * 60 * 60_000;

/**
 * POST /api/auth/logout: the caller's token stops working at once (401 from then on), and the live
 * sync streams opened with it (this device's) end; the account's other sessions go on. Idempotent:
 * a token already revoked is answered the same, and so is one that is no session at all (forged,
 * expired, another audience): there is nothing to end, and nothing is stored for it. A browser
 * logging out with a stale token thus gets no error to log. Expired revocations are purged on the way.
 */
export async function logOutSession(request: Request): Promise<void> {
  const token = readBearerToken(request);
  if (!token) throw new AppError('UNAUTHORIZED', 'Authentication required. Log in and try again.');
  if (!(await verifyToken(token))) return;
  const now = Date.now();
  const { db, tables } = await getDatabase();
  const { revokedTokens } = tables;
  const tokenHash = sha256Hex(token);
  await db
    .insert(revokedTokens)
    .values({
      tokenHash,
      expiresAt: new Date(tokenExpiresAtMs(token) ?? now + NO_EXPIRY_KEEP_MS),
    })
    .onConflictDoNothing();
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date(now)));
  await announceSessionsEnded({ users: [], sessions: [tokenHash] });
}

/**
 * Closes the live sync streams of `userIds` here and, on PostgreSQL, on every other instance.
 * Called after the change has committed: a browser that reconnects at once must see it. A failure
 * is logged, not thrown: the change itself has been made, and each stream still ends by itself
 * within SYNC_STREAM_MAX_MS.
 */
export async function closeLiveSessions(userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await announceSessionsEnded({ users: [...userIds], sessions: [] });
}

/** Closes the streams `ended` names, here and (PostgreSQL) on every other instance; see closeLiveSessions. */
async function announceSessionsEnded(ended: SessionsEnded): Promise<void> {
  if (!isTeamSyncOn()) return;
  const handle = await getDatabase();
  const closeHere = () => {
    getSyncHub().closeUsers(ended.users);
    getSyncHub().closeSessions(ended.sessions);
  };
  // SQLite: one process owns the file, so its hub holds every stream.
  if (handle.dialect !== 'postgres') return closeHere();
  try {
    // Every instance's listener hears it, this one's too (as with pokes: one path, so a stream
    // reconnecting at once is not closed a second time by the echo).
    const payload = encodeSessionsEnded(ended.users, ended.sessions);
    await handle.db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${payload})`);
  } catch (error) {
    closeHere();
    logger.warn('Could not tell the other instances to close live sync streams', error);
  }
}
