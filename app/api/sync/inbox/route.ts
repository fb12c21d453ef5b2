import { authenticateRequest } from '@/lib/server/auth-service';
import { json, methodNotAllowed, withErrorHandling } from '@/lib/server/http';
import { listInbox, parseInboxQuery } from '@/lib/server/inbox-service';
import { consumeRateLimit } from '@/lib/server/rate-limit';
import { assertSyncEnabled } from '@/lib/server/sync/state';

export const dynamic = 'force-dynamic';

/**
 * The caller's inbox (docs/product.md#inbox-endpoints): `?before=<next>&limit=<1..50>` a page of
 * entries, newest first, with the unread count.
 */
export const GET = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit('sync', actor.id);
  return json(await listInbox(actor, parseInboxQuery(new URL(request.url).searchParams)));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
