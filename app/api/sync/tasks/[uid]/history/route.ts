import { taskHistory } from '@/features/sync/server/history-service';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

/** A task's history, newest first: `?before=<next>&limit=<1..50>` (team mode only). */
export const GET = withErrorHandling<{ params: Promise<{ uid: string }> }>(async (request, context) => {
  const actor = await syncCaller(request);
  const { uid } = await context.params;
  return json(await taskHistory(actor, uid, new URL(request.url).searchParams));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
