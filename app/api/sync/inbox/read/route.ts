import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { markInboxRead } from '@/features/inbox/server/inbox-service';
import { syncCaller } from '@/features/sync/server/caller';
import { markReadSchema } from '@/features/inbox/server/inbox-schemas';

export const dynamic = 'force-dynamic';

/** POST {ids: [...]} or {all: true}: the caller's entries read. 200 `{ unread }`. */
export const POST = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  return json(await markInboxRead(actor, await readJson(request, markReadSchema)));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
