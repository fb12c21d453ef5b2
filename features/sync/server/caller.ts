import 'server-only';
import { authenticateRequest, authenticateToken } from '@/features/accounts/server/auth-service';
import { cookieValue } from '@/shared/auth/link-cookies';
import { AppError } from '@/server/errors';
import { readBearerToken } from '@/server/http';
import type { AuthenticatedUser } from '@/server/authenticated-user';
import { consumeRateLimit, type LimiterName } from '@/server/rate-limit';
import { assertSyncEnabled } from './state';

/**
 * The caller of a team sync route: sync must be on (404 otherwise), the session valid (401), and
 * the account within its rate limit (`sync` unless the route has its own).
 */
export async function syncCaller(
  request: Request,
  limiter: LimiterName = 'sync',
): Promise<AuthenticatedUser> {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit(limiter, actor.id);
  return actor;
}

/**
 * The caller of a read a plain link makes (a file's download, an `<img>`): the session's header when
 * sent (the screens' fetches), else the link cookie `cookie` (shared/auth/link-cookies.ts). Only
 * reads take a cookie: every write needs the header, so no other site can make a browser write.
 */
export async function syncLinkReader(request: Request, cookie: string): Promise<AuthenticatedUser> {
  if (readBearerToken(request)) return syncCaller(request);
  assertSyncEnabled();
  const token = cookieValue(request.headers.get('cookie'), cookie);
  if (!token) throw new AppError('UNAUTHORIZED', 'Authentication required. Log in and try again.');
  const actor = await authenticateToken(token);
  await consumeRateLimit('sync', actor.id);
  return actor;
}
