import { requireAdmin } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { listUsers } from '@/features/accounts/server/user-service';

export const dynamic = 'force-dynamic';

/**
 * GET /admin/users, every account (docs/product.md#endpoint-list-users). The original also listed this
 * path as a screen; a page and a route handler cannot share a path in Next.js, so a browser navigation
 * is sent to the Manage Users screen and API clients get JSON (docs/decisions/0004-admin-users-path.md).
 */
export const GET = withErrorHandling(async (request) => {
  const accept = request.headers.get('accept') ?? '';
  const isNavigation = request.headers.get('sec-fetch-mode') === 'navigate' || accept.includes('text/html');
  if (isNavigation) {
    // A relative Location: request.url carries the address the server listens on (localhost:3000
    // behind a proxy), which is not where the browser reached it.
    return new Response(null, { status: 307, headers: { Location: '/admin/manage-users' } });
  }
  await requireAdmin(request);
  return json(await listUsers());
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
