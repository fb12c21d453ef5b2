import { authenticateRequest } from '@/lib/server/auth-service';
import { json, methodNotAllowed, withErrorHandling } from '@/lib/server/http';
import { assertSyncEnabled, listConflicts } from '@/lib/server/sync-service';

export const dynamic = 'force-dynamic';

/** The values kept as conflict records that the caller may see, newest first: `?uid=<task uid>`. */
export const GET = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  const uid = new URL(request.url).searchParams.get('uid') ?? undefined;
  return json(await listConflicts(actor, { uid }));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
