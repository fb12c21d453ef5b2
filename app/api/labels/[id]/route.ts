import { requireAdmin } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { deleteLabel, updateLabel } from '@/features/tasks/server/label-service';
import { consumeRateLimit } from '@/server/rate-limit';
import { assertSyncEnabled } from '@/features/sync/server/state';
import { updateLabelSchema } from '@/features/tasks/server/label-schemas';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/** PATCH /api/labels/{id} {name?, color?}: renames and/or recolours a team label (admins only). */
export const PATCH = withErrorHandling<Context>(async (request, context) => {
  assertSyncEnabled();
  const admin = await requireAdmin(request);
  await consumeRateLimit('sync', admin.id);
  const patch = await readJson(request, updateLabelSchema);
  const label = await updateLabel((await context.params).id, patch);
  return json({ label, message: 'Label saved.' });
});

/** DELETE /api/labels/{id}: the label leaves the set; tasks keep its id, which nothing shows. */
export const DELETE = withErrorHandling<Context>(async (request, context) => {
  assertSyncEnabled();
  const admin = await requireAdmin(request);
  await consumeRateLimit('sync', admin.id);
  await deleteLabel((await context.params).id);
  return json({ message: 'Label deleted.' });
});

export const { GET, POST, PUT } = methodNotAllowed('PATCH', 'DELETE');
