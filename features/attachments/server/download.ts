import 'server-only';
import { Readable } from 'node:stream';
import { strictTransportHeader } from '@/shared/security/strict-transport';
import type { SyncActor } from '@/shared/auth/actor';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { getFileStore, StorageError } from '@/server/storage';
import {
  ATTACHMENT_MESSAGES,
  contentDisposition,
  entityTag,
  matchesEntityTag,
  parseRange,
  previewOf,
} from '../model/rules';
import { openAttachment, type AttachmentRow } from './attachment-service';

/**
 * The headers every file response carries. `private, no-cache`: a browser may keep the bytes but
 * asks again each time (a 304 when unchanged), so a person who lost access to the task gets a 404
 * rather than a cached file. What does not preview is a download in a sandbox: an HTML or SVG file
 * opened from the link runs no script on this origin.
 */
function fileHeaders(row: AttachmentRow): Headers {
  const inline = previewOf(row.mediaType) !== null;
  const headers = new Headers({
    'Cache-Control': 'private, no-cache',
    ETag: entityTag(row.sha256),
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Content-Type': inline ? row.mediaType : 'application/octet-stream',
    'Content-Disposition': contentDisposition(row.name, inline),
    // Shown by the browser: sandboxed, and framed by this site alone (the task view's PDF preview).
    'Content-Security-Policy': inline
      ? "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'"
      : "sandbox; frame-ancestors 'none'",
  });
  return withTransportSecurity(headers);
}

/** The files routes are outside the proxy (proxy.ts), which sets HSTS on every other response. */
function withTransportSecurity(headers: Headers): Headers {
  const hsts = strictTransportHeader(process.env.APP_URL);
  if (hsts) headers.set('Strict-Transport-Security', hsts);
  return headers;
}

/**
 * GET /api/files/{id}: the file's bytes for whoever may see its task (404 alike otherwise), checked
 * on every request. `If-None-Match` → 304; one `Range` → 206 (416 past the end); HEAD → headers only.
 */
export async function fileResponse(actor: SyncActor, id: string, request: Request): Promise<Response> {
  const row = await openAttachment(actor, id);
  const headers = fileHeaders(row);
  if (matchesEntityTag(request.headers.get('if-none-match'), entityTag(row.sha256)))
    return new Response(null, { status: 304, headers });
  const range = parseRange(request.headers.get('range'), row.size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${row.size}`);
    return new Response(null, { status: 416, headers });
  }
  const status = range ? 206 : 200;
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${row.size}`);
  headers.set('Content-Length', String(range ? range.end - range.start + 1 : row.size));
  if (request.method === 'HEAD' || row.size === 0) return new Response(null, { status, headers });
  const stream = await getFileStore()
    .get(row.storageKey, range ?? undefined)
    .catch((error: unknown) => {
      if (!(error instanceof StorageError && error.code === 'NOT_FOUND'))
        logger.error('attachments: the file store refused a read', error);
      else logger.error(`attachments: ${row.storageKey} is recorded but missing from the store`);
      throw new AppError('SERVICE_UNAVAILABLE', ATTACHMENT_MESSAGES.unavailable);
    });
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
}

const NO_THUMBNAIL = 'This file has no thumbnail.';

/**
 * GET /api/files/{id}/thumbnail: the image's small WebP (./thumbnails.ts) for whoever may see its task
 * (404 alike otherwise), checked on every request as the file is; 404 while it has none (not an
 * image, refused, or not made yet). `If-None-Match` → 304; HEAD → headers only.
 */
export async function thumbnailResponse(actor: SyncActor, id: string, request: Request): Promise<Response> {
  const row = await openAttachment(actor, id);
  if (row.thumbnailKey === null) throw new AppError('NOT_FOUND', NO_THUMBNAIL);
  const tag = entityTag(`${row.sha256}-thumb`);
  const headers = withTransportSecurity(
    new Headers({
      'Cache-Control': 'private, no-cache',
      ETag: tag,
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': 'image/webp',
      'Content-Disposition': 'inline',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    }),
  );
  if (matchesEntityTag(request.headers.get('if-none-match'), tag))
    return new Response(null, { status: 304, headers });
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  const key = row.thumbnailKey;
  const stream = await getFileStore()
    .get(key)
    .catch((error: unknown) => {
      // The file itself is still there: its card shows it as a plain file.
      if (!(error instanceof StorageError && error.code === 'NOT_FOUND'))
        logger.error('attachments: the file store refused a read', error);
      else logger.error(`attachments: ${key} is recorded but missing from the store`);
      throw new AppError('NOT_FOUND', NO_THUMBNAIL);
    });
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status: 200, headers });
}
