import { authenticateRequest } from '@/lib/server/auth-service';
import { json, methodNotAllowed, withErrorHandling } from '@/lib/server/http';
import { consumeRateLimit } from '@/lib/server/rate-limit';
import { assertSyncEnabled, parsePullLimit, pullChanges } from '@/lib/server/sync-service';
import { START_CURSOR } from '@/lib/sync/protocol';

export const dynamic = 'force-dynamic';

/** The changes after `cursor` the caller may see: `?cursor=<version>:<uid>&limit=<1..500>`. */
export const GET = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit('sync', actor.id);
  const params = new URL(request.url).searchParams;
  const limit = parsePullLimit(params.get('limit'));
  return json(await pullChanges(actor, params.get('cursor') ?? START_CURSOR, limit));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
