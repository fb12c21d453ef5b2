import { loginUser } from '@/features/accounts/server/auth-service';
import { getClientIp, json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { loginSchema } from '@/features/accounts/server/auth-schemas';

export const dynamic = 'force-dynamic';

export const POST = withErrorHandling(async (request) => {
  const input = await readJson(request, loginSchema);
  return json(await loginUser({ input, ip: getClientIp(request) }));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
