import { requireAdmin } from '@/features/accounts/server/auth-service';
import { getDatabase } from '@/server/db';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { twoFactorEmails } from '@/features/accounts/server/two-factor-service';

export const dynamic = 'force-dynamic';

/**
 * GET /api/admin/two-factor: the emails of the accounts with two-factor sign-in on, for Manage Users'
 * column. A route of its own, so that the spec's user list (GET /admin/users) keeps its exact shape.
 */
export const GET = withErrorHandling(async (request) => {
  await requireAdmin(request);
  return json({ emails: await twoFactorEmails(await getDatabase()) });
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
