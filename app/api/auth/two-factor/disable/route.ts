import { authenticateRequest } from '@/lib/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { disableTwoFactor } from '@/lib/server/two-factor-service';
import { twoFactorCodeSchema } from '@/lib/validation/auth';

export const dynamic = 'force-dynamic';

/** A code or a recovery code turns two-factor off; the answer carries a fresh token. */
export const POST = withErrorHandling(async (request) => {
  const actor = await authenticateRequest(request);
  const { code } = await readJson(request, twoFactorCodeSchema);
  return json(await disableTwoFactor({ actor, code }));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
