import { methodNotAllowed, withErrorHandling } from '@/server/http';
import { logOutSession } from '@/features/accounts/server/session-service';

export const dynamic = 'force-dynamic';

/**
 * Ends the caller's session on the server: the Bearer token gets 401 from then on
 * (docs/product.md#endpoint-logout). 204; a second call with the same token answers the same.
 */
export const POST = withErrorHandling(async (request) => {
  await logOutSession(request);
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
