import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { syncCaller } from '@/features/sync/server/caller';
import { summarizeTasks } from '@/features/sync/server/summary';
import { PROJECT_MESSAGES } from '@/features/projects/server/project-service';
import { AppError } from '@/server/errors';

export const dynamic = 'force-dynamic';

/**
 * The admin dashboard's team figures for the caller's visible tasks (docs/product.md#admin-dashboard);
 * `?project={KEY}`: one project's.
 */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  const projectKey = new URL(request.url).searchParams.get('project');
  if (projectKey !== null && projectKey.length > 20)
    throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
  return json(await summarizeTasks(actor, { projectKey }));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
