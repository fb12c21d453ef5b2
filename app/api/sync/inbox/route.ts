import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { listInbox, parseInboxQuery } from '@/features/inbox/server/inbox-service';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

/**
 * The caller's inbox (docs/product.md#inbox-endpoints): `?before=<next>&limit=<1..50>` a page of
 * entries, newest first, with the unread count.
 */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  return json(await listInbox(actor, parseInboxQuery(new URL(request.url).searchParams)));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
