import { authenticateRequest } from '@/lib/server/auth-service';
import { json, methodNotAllowed, withErrorHandling } from '@/lib/server/http';
import { consumeRateLimit } from '@/lib/server/rate-limit';
import { listConflicts } from '@/lib/server/sync/conflicts';
import { assertSyncEnabled } from '@/lib/server/sync/state';

export const dynamic = 'force-dynamic';

/**
 * The open conflict records the caller may see, newest first: `?uid=<task uid>` for one task,
 * `&all=1` to include the settled ones.
 */
export const GET = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit('sync', actor.id);
  const params = new URL(request.url).searchParams;
  const uid = params.get('uid') ?? undefined;
  return json(await listConflicts(actor, { uid, all: params.get('all') === '1' }));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
