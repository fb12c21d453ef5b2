import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { listMembers } from '@/features/projects/server/project-service';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/** GET /api/projects/{id}/members: `{ members: [{ userId, fullName, role }] }`, for anyone with a role there. */
export const GET = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request);
  return json({ members: await listMembers(actor, (await context.params).id) });
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
