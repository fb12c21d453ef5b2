import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { setArchived } from '@/features/projects/server/project-service';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/** POST /api/projects/{id}/archive: a manager archives the project (read only from then on). */
export const POST = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request);
  const project = await setArchived(actor, (await context.params).id, true);
  return json({ project, message: 'Project archived.' });
});

/** DELETE /api/projects/{id}/archive: a manager restores it. */
export const DELETE = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request);
  const project = await setArchived(actor, (await context.params).id, false);
  return json({ project, message: 'Project restored.' });
});

export const { GET, PUT, PATCH } = methodNotAllowed('POST', 'DELETE');
