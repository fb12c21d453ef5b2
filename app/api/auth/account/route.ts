import { authenticateRequest } from '@/features/accounts/server/auth-service';
import { changeOwnName, getOwnAccount, NAME_SAVED_MESSAGE } from '@/features/accounts/server/account-service';
import { getClientIp, json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { changeNameSchema } from '@/features/accounts/server/auth-schemas';

export const dynamic = 'force-dynamic';

/** GET /api/auth/account: the caller's name, email and role, and whether the address is proved (docs/product.md#endpoint-account). */
export const GET = withErrorHandling(async (request) => {
  const actor = await authenticateRequest(request);
  return json(await getOwnAccount(actor));
});

/** PUT /api/auth/account {fullName}: the caller renames their own account. */
export const PUT = withErrorHandling(async (request) => {
  const actor = await authenticateRequest(request);
  const input = await readJson(request, changeNameSchema);
  const user = await changeOwnName({ actor, input, ip: getClientIp(request) });
  return json({ user, message: NAME_SAVED_MESSAGE });
});

export const { POST, PATCH, DELETE } = methodNotAllowed('GET', 'PUT');
