import { changeAttachment, deleteAttachment } from '@/features/attachments/server/attachment-changes';
import { changeSchema } from '@/features/attachments/server/attachment-schemas';
import { syncCaller } from '@/features/sync/server/caller';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/** PATCH /api/sync/attachments/{id} {name?, cover?}: renames the file, makes it (or not) the card's cover. 200 `{ attachment }`. */
export const PATCH = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request, 'attachments');
  const change = await readJson(request, changeSchema);
  return json({ attachment: await changeAttachment(actor, (await context.params).id, change) });
});

/** DELETE /api/sync/attachments/{id}: removes the file from its task (Undo: …/restore, within a day). 204. */
export const DELETE = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request, 'attachments');
  await deleteAttachment(actor, (await context.params).id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT } = methodNotAllowed('PATCH', 'DELETE');
