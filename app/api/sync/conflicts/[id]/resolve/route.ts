import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { resolveConflict } from '@/features/sync/server/conflicts';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/**
 * Settles one conflict record the caller may see (the UI's Restore and Dismiss): no body; 200
 * `{ conflict }`, the same on a second call; 404 for an unknown or invisible id.
 */
export const POST = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request);
  const { id } = await context.params;
  return json(await resolveConflict(actor, id));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
