import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { createProject, listProjects } from '@/features/projects/server/project-service';
import { createProjectSchema } from '@/features/projects/server/project-schemas';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

/** GET /api/projects: `{ projects }`, those the caller has a role in (docs/product.md#projects). */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  return json({ projects: await listProjects(actor) });
});

/** POST /api/projects {name, key, color?, description?, teamRole?}: a new project, the caller its manager. */
export const POST = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  const input = await readJson(request, createProjectSchema);
  const project = await createProject(actor, input);
  return json({ project, message: 'Project created.' }, { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST');
