import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { memberSight, setMember } from '@/features/projects/server/project-service';
import { memberSchema } from '@/features/projects/server/project-schemas';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string; userId: string }>;
}

/**
 * GET /api/projects/{id}/members/{userId}: `{ userId, role, sees }`, for anyone with a role there:
 * the person's own role (null: none) and whether they would see a task of it assigned to them.
 */
export const GET = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request);
  const { id, userId } = await context.params;
  return json(await memberSight(actor, id, userId));
});

/** PUT /api/projects/{id}/members/{userId} {role}: a manager adds the person or changes their role. */
export const PUT = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request);
  const { role } = await readJson(request, memberSchema);
  const { id, userId } = await context.params;
  return json({ members: await setMember(actor, id, userId, role), message: 'Member saved.' });
});

/** DELETE /api/projects/{id}/members/{userId}: a manager removes the person (the team's role applies again). */
export const DELETE = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request);
  const { id, userId } = await context.params;
  return json({ members: await setMember(actor, id, userId, null), message: 'Member removed.' });
});

export const { POST, PATCH } = methodNotAllowed('GET', 'PUT', 'DELETE');
