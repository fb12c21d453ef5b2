import { requireAdmin } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { revokeInvitation } from '@/features/accounts/server/signup-service';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/** DELETE /api/admin/invitations/{id}: the link stops working (docs/product.md#endpoint-invitations). */
export const DELETE = withErrorHandling<Context>(async (request, context) => {
  await requireAdmin(request);
  await revokeInvitation((await context.params).id);
  return json({ message: 'Invitation revoked.' });
});

export const { GET, POST, PUT, PATCH } = methodNotAllowed('DELETE');
