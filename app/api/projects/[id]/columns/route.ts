import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { setColumns } from '@/features/projects/server/project-service';
import { columnsSchema } from '@/features/projects/server/project-schemas';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/**
 * PUT /api/projects/{id}/columns {columns: [{id?, name, kind, wipLimit}]}: a manager saves the board's
 * columns, in order (docs/product.md#endpoint-project-columns).
 */
export const PUT = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request);
  const input = await readJson(request, columnsSchema);
  const project = await setColumns(actor, (await context.params).id, input);
  return json({ project, message: 'Columns saved.' });
});

export const { GET, POST, PATCH, DELETE } = methodNotAllowed('PUT');
