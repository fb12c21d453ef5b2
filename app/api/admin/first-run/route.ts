import { requireAdmin } from '@/features/accounts/server/auth-service';
import { getFirstRunState, setFirstRunDismissed } from '@/features/admin/server/first-run-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { firstRunDismissSchema } from '@/features/admin/server/first-run-schemas';

export const dynamic = 'force-dynamic';

/** GET /api/admin/first-run: the first run's checklist (docs/product.md#endpoint-first-run). */
export const GET = withErrorHandling(async (request) => {
  await requireAdmin(request);
  return json(await getFirstRunState());
});

/** PUT /api/admin/first-run {dismissed}: hides (or brings back) the checklist, for every admin. */
export const PUT = withErrorHandling(async (request) => {
  const admin = await requireAdmin(request);
  const { dismissed } = await readJson(request, firstRunDismissSchema);
  const state = await setFirstRunDismissed(dismissed, admin.id);
  return json({ ...state, message: dismissed ? 'Checklist dismissed.' : 'Checklist shown again.' });
});

export const { POST, PATCH, DELETE } = methodNotAllowed('GET', 'PUT');
