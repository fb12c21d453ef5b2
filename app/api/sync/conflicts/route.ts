import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { listConflicts } from '@/features/sync/server/conflicts';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

/**
 * The open conflict records the caller may see, newest first: `?uid=<task uid>` for one task,
 * `&all=1` to include the settled ones.
 */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  const params = new URL(request.url).searchParams;
  const uid = params.get('uid') ?? undefined;
  return json(await listConflicts(actor, { uid, all: params.get('all') === '1' }));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
