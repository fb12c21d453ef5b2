import { confirmEmail } from '@/features/accounts/server/email-confirmation-service';
import { getClientIp, json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { confirmEmailSchema } from '@/features/accounts/server/auth-schemas';

export const dynamic = 'force-dynamic';

export const POST = withErrorHandling(async (request) => {
  const input = await readJson(request, confirmEmailSchema);
  const message = await confirmEmail({ input, ip: getClientIp(request) });
  return json({ message });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
