import { submitContactMessage } from '@/lib/server/contact-service';
import { getClientIp, json, methodNotAllowed, readJson, withErrorHandling } from '@/lib/server/http';
import { contactSchema } from '@/lib/validation/contact';

export const dynamic = 'force-dynamic';

/** The landing page's Contact Us form (spec §2; the spec does not show the request, this is ours). */
export const POST = withErrorHandling(async (request) => {
  const input = await readJson(request, contactSchema);
  const message = await submitContactMessage({ input, ip: getClientIp(request) });
  return json({ message }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
