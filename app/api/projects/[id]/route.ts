import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { updateProject } from '@/features/projects/server/project-service';
import { updateProjectSchema } from '@/features/projects/server/project-schemas';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/** PATCH /api/projects/{id} {name?, color?, description?, teamRole?}: a manager changes the settings. */
export const PATCH = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request);
  const patch = await readJson(request, updateProjectSchema);
  const project = await updateProject(actor, (await context.params).id, patch);
  return json({ project, message: 'Project saved.' });
});

export const { GET, POST, PUT, DELETE } = methodNotAllowed('PATCH');
