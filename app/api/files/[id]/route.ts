import { uploadAttachment } from '@/features/attachments/server/attachment-service';
import { parseUploadQuery } from '@/features/attachments/server/attachment-schemas';
import { fileResponse } from '@/features/attachments/server/download';
import { syncCaller, syncLinkReader } from '@/features/sync/server/caller';
import { FILES_COOKIE } from '@/shared/auth/link-cookies';
import { AppError } from '@/server/errors';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/**
 * PUT /api/files/{id}?task=<uid>&name=<file name>, the file's bytes as the body (any type: the
 * server sniffs it): a new file on the task under the id the browser chose (a UUID). Streamed to the
 * store, never read whole. 201 `{ attachment }`; the same upload again 200 with the stored one; 413
 * over MAX_UPLOAD_SIZE (declared or counted). Outside the proxy's matcher (proxy.ts): a proxied body
 * is cut at 10 MB.
 */
export const PUT = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncCaller(request, 'attachments');
  const input = parseUploadQuery(new URL(request.url).searchParams, request.headers.get('content-length'));
  if (!request.body) throw new AppError('VALIDATION_ERROR', 'Send the file as the request body.');
  const { id } = await context.params;
  const { attachment, created } = await uploadAttachment(actor, id, input, request.body, request.signal);
  return json({ attachment }, { status: created ? 201 : 200 });
});

/**
 * GET /api/files/{id}: the file (features/attachments/server/download.ts: Range, ETag, access checked
 * each time), for the session's header or the files' cookie (a plain link).
 */
export const GET = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncLinkReader(request, FILES_COOKIE);
  return fileResponse(actor, (await context.params).id, request);
});

export const HEAD = GET;

export const { POST, PATCH, DELETE } = methodNotAllowed('GET', 'PUT');
