import { requireAdmin } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { createInvitation, listOpenInvitations } from '@/features/accounts/server/signup-service';
import { createInvitationSchema } from '@/features/accounts/server/signup-schemas';

export const dynamic = 'force-dynamic';

/** GET /api/admin/invitations: the open ones (docs/product.md#endpoint-invitations). */
export const GET = withErrorHandling(async (request) => {
  await requireAdmin(request);
  return json(await listOpenInvitations());
});

/** POST /api/admin/invitations {email?, role}: a single-use link, valid 7 days, shown once. */
export const POST = withErrorHandling(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, createInvitationSchema);
  return json(await createInvitation(input, admin.id), { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST');
