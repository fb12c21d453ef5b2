import { countAttachments } from '@/features/attachments/server/attachment-counts';
import { syncCaller } from '@/features/sync/server/caller';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';

export const dynamic = 'force-dynamic';

/** `{ counts: { <uid>: n } }`: files (not deleted) on every task the caller sees that has any. */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  return json(await countAttachments(actor));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
