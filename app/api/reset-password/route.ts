import { getClientIp, json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { resetPassword } from '@/features/accounts/server/password-reset-service';
import { resetPasswordSchema } from '@/features/accounts/server/auth-schemas';

export const dynamic = 'force-dynamic';

export const POST = withErrorHandling(async (request) => {
  const input = await readJson(request, resetPasswordSchema);
  const message = await resetPassword({ input, ip: getClientIp(request) });
  return json({ message });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
