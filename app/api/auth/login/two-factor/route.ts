import { completeTwoFactorLogin } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { twoFactorLoginSchema } from '@/features/accounts/server/auth-schemas';

export const dynamic = 'force-dynamic';

/** Login's second step for an account with two-factor on: the challenge and a code open the session. */
export const POST = withErrorHandling(async (request) => {
  const input = await readJson(request, twoFactorLoginSchema);
  return json(await completeTwoFactorLogin(input));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
