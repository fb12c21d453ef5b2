import { authenticateRequest } from '@/lib/server/auth-service';
import { json, methodNotAllowed, withErrorHandling } from '@/lib/server/http';
import { consumeRateLimit } from '@/lib/server/rate-limit';
import { assertSyncEnabled } from '@/lib/server/sync/state';
import { listSyncUsers } from '@/lib/server/sync/users';

export const dynamic = 'force-dynamic';

/** Who a task can be assigned to: `{ users: [{ id, name }] }`, for any signed-in user. */
export const GET = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit('sync', actor.id);
  return json(await listSyncUsers());
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
