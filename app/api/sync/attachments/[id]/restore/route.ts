import { restoreAttachment } from '@/features/attachments/server/attachment-changes';
import { syncCaller } from '@/features/sync/server/caller';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/** POST /api/sync/attachments/{id}/restore: Undo of a delete, while the file is kept. 200 `{ attachment }`. */
export const POST = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request, 'attachments');
  return json({ attachment: await restoreAttachment(actor, (await context.params).id) });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
