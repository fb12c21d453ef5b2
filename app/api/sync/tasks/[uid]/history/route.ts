import { authenticateRequest } from '@/lib/server/auth-service';
import { taskHistory } from '@/lib/server/history-service';
import { json, methodNotAllowed, withErrorHandling } from '@/lib/server/http';
import { consumeRateLimit } from '@/lib/server/rate-limit';
import { assertSyncEnabled } from '@/lib/server/sync/state';

export const dynamic = 'force-dynamic';

/** A task's history, newest first: `?before=<next>&limit=<1..50>` (team mode only). */
export const GET = withErrorHandling<{ params: Promise<{ uid: string }> }>(async (request, context) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit('sync', actor.id);
  const { uid } = await context.params;
  return json(await taskHistory(actor, uid, new URL(request.url).searchParams));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
