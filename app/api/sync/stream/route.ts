import { authenticateSession } from '@/features/accounts/server/auth-service';
import { getClientIp, methodNotAllowed, withErrorHandling } from '@/server/http';
import { consumeRateLimit } from '@/server/rate-limit';
import { assertSyncEnabled, lastSyncSeq } from '@/features/sync/server/state';
import { openSyncStream } from '@/server/realtime/stream';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Server-sent events telling the caller's browser when to pull (docs/product.md#team-sync-endpoints);
 * the stream's mechanics and caps are in server/realtime/stream.ts. Each stream opened counts on a
 * limit of its own and once on the sync rate limit.
 */
export const GET = withErrorHandling(async (request) => {
  assertSyncEnabled();
  // Before the account is read: an account change whose close comes after this ends the stream.
  const checkedAtMs = performance.now();
  const { user, expiresAtMs, session } = await authenticateSession(request);
  await consumeRateLimit('syncStream', user.id);
  await consumeRateLimit('sync', user.id);
  return openSyncStream(request, user, {
    expiresAtMs,
    address: getClientIp(request),
    checkedAtMs,
    session,
    lastSeq: lastSyncSeq,
  });
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
