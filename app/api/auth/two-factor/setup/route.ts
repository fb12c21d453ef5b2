import { authenticateRequest } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { startTwoFactorSetup } from '@/features/accounts/server/two-factor-service';

export const dynamic = 'force-dynamic';

/** A new secret waiting for its first code: the QR code and the secret as text. */
export const POST = withErrorHandling(async (request) => {
  const actor = await authenticateRequest(request);
  return json(await startTwoFactorSetup(actor));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
