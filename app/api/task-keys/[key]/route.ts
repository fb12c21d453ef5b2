import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { syncCaller } from '@/features/sync/server/caller';
import { resolveTaskKey } from '@/features/sync/server/task-keys';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ key: string }>;
}

/** GET /api/task-keys/{key}: `{ uid, projectId, projectKey, key }` for a task the caller may see; else 404. */
export const GET = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request);
  return json(await resolveTaskKey(actor, (await context.params).key));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
