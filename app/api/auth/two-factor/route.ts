import { authenticateRequest } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { getTwoFactorStatus } from '@/features/accounts/server/two-factor-service';

export const dynamic = 'force-dynamic';

/** Whether the signed-in account has two-factor sign-in on, and whether it is required of it. */
export const GET = withErrorHandling(async (request) => {
  const actor = await authenticateRequest(request);
  return json(await getTwoFactorStatus(actor));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
