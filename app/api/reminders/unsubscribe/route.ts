import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { unsubscribeWithToken } from '@/features/reminders/server/reminder-service';

export const dynamic = 'force-dynamic';

/**
 * One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` to the URL of the
 * email's List-Unsubscribe header, which carries the signed token; the confirm page posts here too.
 * No GET: link scanners prefetch GETs, so the email's visible link opens a page with a button instead.
 * The body is not read: the token in the URL is the whole authorisation. The token says which email
 * it stops (the morning reminder or the inbox digest); the answer names it: `{ message, email }`.
 */
export const POST = withErrorHandling(async (request) => {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return json(await unsubscribeWithToken(token));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
