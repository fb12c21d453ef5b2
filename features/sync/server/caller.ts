import 'server-only';
import { authenticateRequest } from '@/features/accounts/server/auth-service';
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
