import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { syncCaller } from '@/features/sync/server/caller';
import { listSyncUsers } from '@/features/sync/server/users';

export const dynamic = 'force-dynamic';

/** Who a task can be assigned to: `{ users: [{ id, name }] }`, for any signed-in user. */
export const GET = withErrorHandling(async (request) => {
  await syncCaller(request);
  return json(await listSyncUsers());
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
