import { listComments, parseCommentsQuery } from '@/features/comments/server/comment-reads';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { syncCaller } from '@/features/sync/server/caller';

export const dynamic = 'force-dynamic';

/**
 * The comments of one task the caller may see (docs/product.md#comments-endpoints):
 * `?task=<uid>&after=<next>&limit=<1..100>` a page of the thread, oldest first, or
 * `?task=<uid>&since=<since>` what changed since an earlier answer.
 */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  const query = parseCommentsQuery(new URL(request.url).searchParams);
  return json(await listComments(actor, query));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
