import { authenticateRequest } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { enableTwoFactor } from '@/features/accounts/server/two-factor-service';
import { twoFactorCodeSchema } from '@/features/accounts/server/auth-schemas';

export const dynamic = 'force-dynamic';

/** The first code turns two-factor on; the answer carries the recovery codes (once) and a fresh token. */
export const POST = withErrorHandling(async (request) => {
  const actor = await authenticateRequest(request);
  const { code } = await readJson(request, twoFactorCodeSchema);
  return json(await enableTwoFactor({ actor, code }));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
