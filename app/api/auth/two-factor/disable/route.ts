import { authenticateRequest } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { disableTwoFactor } from '@/features/accounts/server/two-factor-service';
import { twoFactorCodeSchema } from '@/features/accounts/server/auth-schemas';

export const dynamic = 'force-dynamic';

/** A code or a recovery code turns two-factor off; the answer carries a fresh token. */
export const POST = withErrorHandling(async (request) => {
  const actor = await authenticateRequest(request);
  const { code } = await readJson(request, twoFactorCodeSchema);
  return json(await disableTwoFactor({ actor, code }));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
