import { submitContactMessage } from '@/features/landing/server/contact-service';
import { getClientIp, json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { contactSchema } from '@/features/landing/server/contact-schema';

export const dynamic = 'force-dynamic';

/**
 * The landing page's Contact Us form (docs/product.md#endpoint-contact). The original never said what
 * the form sends; this request is ours.
 */
export const POST = withErrorHandling(async (request) => {
  const input = await readJson(request, contactSchema);
  const message = await submitContactMessage({ input, ip: getClientIp(request) });
  return json({ message }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
