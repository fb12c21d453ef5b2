import { confirmEmail } from '@/lib/server/email-confirmation-service';
import { getClientIp, json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { confirmEmailSchema } from '@/lib/validation/auth';

export const dynamic = 'force-dynamic';

export const POST = withErrorHandling(async (request) => {
  const input = await readJson(request, confirmEmailSchema);
  const message = await confirmEmail({ input, ip: getClientIp(request) });
  return json({ message });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
