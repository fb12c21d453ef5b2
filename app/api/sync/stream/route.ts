import { authenticateSession } from '@/lib/server/auth-service';
import { methodNotAllowed, withErrorHandling } from '@/lib/server/http';
import { consumeRateLimit } from '@/lib/server/rate-limit';
import { assertSyncEnabled } from '@/lib/server/sync-service';
import { openSyncStream } from '@/lib/server/sync-stream';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Server-sent events telling the caller's browser when to pull (docs/product.md#team-sync-endpoints);
 * the stream's mechanics are in lib/server/sync-stream.ts. Each stream opened counts once on the
 * sync rate limit.
 */
export const GET = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const { user, expiresAtMs } = await authenticateSession(request);
  await consumeRateLimit('sync', user.id);
  return openSyncStream(request, user, { expiresAtMs });
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
