import { authenticateRequest } from '@/lib/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/lib/server/http';
import { consumeRateLimit } from '@/lib/server/rate-limit';
import { assertSyncEnabled, pushChanges } from '@/lib/server/sync-service';
import { pushRequestSchema } from '@/lib/sync/push-schema';
import { SYNC_LIMITS } from '@/lib/sync/protocol';

export const dynamic = 'force-dynamic';

/** A browser sends the operations waiting in its outbox (docs/decisions/0013-team-sync.md). */
export const POST = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit('sync', actor.id);
  const input = await readJson(request, pushRequestSchema, { maxBytes: SYNC_LIMITS.maxPushBytes });
  return json(await pushChanges(actor, input));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
