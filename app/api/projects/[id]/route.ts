import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { updateProject } from '@/features/projects/server/project-service';
import { deleteProjectSchema, updateProjectSchema } from '@/features/projects/server/project-schemas';
import { deleteProject } from '@/features/sync/server/project-delete';
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

/**
 * DELETE /api/projects/{id} {name}: a manager deletes an archived project, typing its name; its tasks
 * leave every device. `{ deleted: n }`, the tasks it deleted.
 */
export const DELETE = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request);
  const { name } = await readJson(request, deleteProjectSchema);
  const deleted = await deleteProject(actor, (await context.params).id, name);
  return json({ deleted, message: 'Project deleted.' });
});

export const { GET, POST, PUT } = methodNotAllowed('PATCH', 'DELETE');
