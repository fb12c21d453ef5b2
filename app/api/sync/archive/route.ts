import { authenticateRequest } from '@/lib/server/auth-service';
import { json, methodNotAllowed, withErrorHandling } from '@/lib/server/http';
import { consumeRateLimit } from '@/lib/server/rate-limit';
import { listArchivedTasks, parseArchiveQuery } from '@/lib/server/sync/archive';
import { assertSyncEnabled } from '@/lib/server/sync/state';

export const dynamic = 'force-dynamic';

/**
 * Archived tasks the caller may see, newest completion first: `?q=<search>&before=<next>&limit=<1..50>`
 * (docs/product.md#archived-tasks).
 */
export const GET = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit('sync', actor.id);
  const query = parseArchiveQuery(new URL(request.url).searchParams);
  return json(await listArchivedTasks(actor, query));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
