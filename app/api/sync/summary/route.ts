import { authenticateRequest } from '@/lib/server/auth-service';
import { json, methodNotAllowed, withErrorHandling } from '@/lib/server/http';
import { consumeRateLimit } from '@/lib/server/rate-limit';
import { assertSyncEnabled } from '@/lib/server/sync/state';
import { summarizeTasks } from '@/lib/server/sync/summary';

export const dynamic = 'force-dynamic';

/** The admin dashboard's team figures for the caller's visible tasks (docs/product.md#admin-dashboard). */
export const GET = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit('sync', actor.id);
  return json(await summarizeTasks(actor));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
