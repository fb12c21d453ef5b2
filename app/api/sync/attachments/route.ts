import { listAttachments } from '@/features/attachments/server/attachment-service';
import { parseTaskQuery } from '@/features/attachments/server/attachment-schemas';
import { syncCaller } from '@/features/sync/server/caller';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';

export const dynamic = 'force-dynamic';

/** GET /api/sync/attachments?task=<uid>: `{ attachments, limits }`, the task's files oldest first. */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  return json(await listAttachments(actor, parseTaskQuery(new URL(request.url).searchParams)));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
