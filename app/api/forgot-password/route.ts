import { getClientIp, json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { requestPasswordReset } from '@/features/accounts/server/password-reset-service';
import { forgotPasswordSchema } from '@/features/accounts/server/auth-schemas';

export const dynamic = 'force-dynamic';

export const POST = withErrorHandling(async (request) => {
  const input = await readJson(request, forgotPasswordSchema);
  const message = await requestPasswordReset({ input, ip: getClientIp(request) });
  return json({ message });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
