import { requireAdmin } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { createLabel, listLabels } from '@/features/tasks/server/label-service';
import { consumeRateLimit } from '@/server/rate-limit';
import { syncCaller } from '@/features/sync/server/caller';
import { assertSyncEnabled } from '@/features/sync/server/state';
import { createLabelSchema } from '@/features/tasks/server/label-schemas';

export const dynamic = 'force-dynamic';

/** GET /api/labels: the team's labels `{ labels: [{ id, name, color }] }`, for any signed-in account. */
export const GET = withErrorHandling(async (request) => {
  await syncCaller(request);
  return json({ labels: await listLabels() });
});

/** POST /api/labels {name, color}: a new team label (admins only). */
export const POST = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const admin = await requireAdmin(request);
  await consumeRateLimit('sync', admin.id);
  const input = await readJson(request, createLabelSchema);
  const label = await createLabel(input, admin.id);
  return json({ label, message: 'Label created.' }, { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST');
