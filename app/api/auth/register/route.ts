import { registerUser } from '@/features/accounts/server/auth-service';
import { getClientIp, json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { registerSchema } from '@/features/accounts/server/auth-schemas';

export const dynamic = 'force-dynamic';

export const POST = withErrorHandling(async (request) => {
  const input = await readJson(request, registerSchema);
  const result = await registerUser({ input, ip: getClientIp(request) });
  // 202 without a token: the account waits for its mailed link (SIGNUP_DOMAINS).
  if ('awaitingConfirmation' in result) return json(result.awaitingConfirmation, { status: 202 });
  return json(result.session, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
