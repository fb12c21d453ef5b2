import { authenticateRequest } from '@/features/accounts/server/auth-service';
import { getClientIp, json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { changePassword } from '@/features/accounts/server/password-change-service';
import { changePasswordSchema } from '@/features/accounts/server/auth-schemas';

export const dynamic = 'force-dynamic';

/** A signed-in user (any role) changes their own password; the answer carries a fresh token. */
export const POST = withErrorHandling(async (request) => {
  const actor = await authenticateRequest(request);
  const input = await readJson(request, changePasswordSchema);
  const result = await changePassword({ actor, input, ip: getClientIp(request) });
  return json(result);
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
