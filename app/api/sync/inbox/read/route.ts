import { authenticateRequest } from '@/lib/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/lib/server/http';
import { markInboxRead } from '@/lib/server/inbox-service';
import { consumeRateLimit } from '@/lib/server/rate-limit';
import { assertSyncEnabled } from '@/lib/server/sync/state';
import { markReadSchema } from '@/lib/validation/inbox';

export const dynamic = 'force-dynamic';

/** POST {ids: [...]} or {all: true}: the caller's entries read. 200 `{ unread }`. */
export const POST = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit('sync', actor.id);
  return json(await markInboxRead(actor, await readJson(request, markReadSchema)));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
