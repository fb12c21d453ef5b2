import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { syncCaller } from '@/features/sync/server/caller';
import { summarizeTasks } from '@/features/sync/server/summary';

export const dynamic = 'force-dynamic';

/** The admin dashboard's team figures for the caller's visible tasks (docs/product.md#admin-dashboard). */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  return json(await summarizeTasks(actor));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
