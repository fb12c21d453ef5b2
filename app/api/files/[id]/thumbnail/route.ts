import { thumbnailResponse } from '@/features/attachments/server/download';
import { syncLinkReader } from '@/features/sync/server/caller';
import { FILES_COOKIE } from '@/shared/auth/link-cookies';
import { methodNotAllowed, withErrorHandling } from '@/server/http';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/**
 * GET /api/files/{id}/thumbnail: an image's small WebP (within 480×480, no metadata), made after its
 * upload (features/attachments/server/thumbnails.ts); 404 while it has none. The same access as the
 * file (checked on every request), for the session's header or the files' cookie (an `<img>`).
 */
export const GET = withErrorHandling<Context>(async (request, context) => {
  const actor = await syncLinkReader(request, FILES_COOKIE);
  return thumbnailResponse(actor, (await context.params).id, request);
});

export const HEAD = GET;

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
