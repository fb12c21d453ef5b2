import { authenticateRequest } from '@/lib/server/auth-service';
import { json, methodNotAllowed, withErrorHandling } from '@/lib/server/http';
import { consumeRateLimit } from '@/lib/server/rate-limit';
import { resolveConflict } from '@/lib/server/sync/conflicts';
import { assertSyncEnabled } from '@/lib/server/sync/state';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/**
 * Settles one conflict record the caller may see (the UI's Restore and Dismiss): no body; 200
 * `{ conflict }`, the same on a second call; 404 for an unknown or invisible id.
 */
export const POST = withErrorHandling<Context>(async (request, context) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit('sync', actor.id);
  const { id } = await context.params;
  return json(await resolveConflict(actor, id));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
