import { resendConfirmation } from '@/features/accounts/server/email-confirmation-service';
import { getClientIp, json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { resendConfirmationSchema } from '@/features/accounts/server/auth-schemas';

export const dynamic = 'force-dynamic';

export const POST = withErrorHandling(async (request) => {
  const input = await readJson(request, resendConfirmationSchema);
  const message = await resendConfirmation({ input, ip: getClientIp(request) });
  return json({ message });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
