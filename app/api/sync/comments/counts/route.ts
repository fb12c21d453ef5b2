import { countComments, parseCountsQuery } from '@/features/comments/server/comment-reads';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

/**
 * `{ counts: { <uid>: n } }`: comments (not deleted) on every task the caller sees that has any
 * (docs/product.md#comments-endpoints); `?tasks=<uid>,<uid>…` (at most 100) narrows to those.
 */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  const uids = parseCountsQuery(new URL(request.url).searchParams);
  return json(await countComments(actor, uids));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
