import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { listArchivedTasks, parseArchiveQuery } from '@/features/sync/server/archive';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

/**
 * Archived tasks the caller may see, newest completion first: `?q=<search>&before=<next>&limit=<1..50>`
 * (docs/product.md#archived-tasks).
 */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  const query = parseArchiveQuery(new URL(request.url).searchParams);
  return json(await listArchivedTasks(actor, query));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
