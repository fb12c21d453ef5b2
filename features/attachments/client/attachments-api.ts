import type { AttachmentList, FilesUsage, TaskAttachment } from '@/features/attachments/model/protocol';
import { ApiError, deleteJson, getJson, postJson, requestJson } from '@/shared/http/http';
import { getStoredToken } from '@/shared/session/session';
import { handleSessionExpired } from '@/shared/session/session-expiry';

/**
 * The file endpoints (docs/product.md#files-on-tasks), TEAM_SYNC=on only. Reads and small writes go
 * through the JSON client; an upload goes through XMLHttpRequest, the one browser API that reports
 * how much of a body has been sent (fetch does not).
 */

export const ATTACHMENTS_URL = '/api/sync/attachments';

const attachmentPath = (id: string) => `${ATTACHMENTS_URL}/${encodeURIComponent(id)}`;

function isTaskAttachment(value: unknown): value is TaskAttachment {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    typeof item.task === 'string' &&
    typeof item.name === 'string' &&
    typeof item.size === 'number' &&
    typeof item.mediaType === 'string' &&
    typeof item.addedByName === 'string' &&
    typeof item.addedAt === 'string' &&
    typeof item.url === 'string'
  );
}

function readAttachment(body: unknown): TaskAttachment {
  const attachment = (body as { attachment?: unknown } | undefined)?.attachment;
  if (!isTaskAttachment(attachment)) throw new ApiError('http', 'The server answered without the file.');
  return attachment;
}

/** The files of `task`, oldest first, and the limits the server keeps. */
export async function fetchAttachments(task: string, signal?: AbortSignal): Promise<AttachmentList> {
  const body = await getJson<Partial<AttachmentList>>(`${ATTACHMENTS_URL}?task=${encodeURIComponent(task)}`, {
    signal,
  });
  const list = Array.isArray(body?.attachments) ? (body.attachments as unknown[]) : [];
  const limits = body?.limits;
  if (typeof limits?.maxUploadSize !== 'number' || typeof limits.perTask !== 'number')
    throw new ApiError('http', 'The server sent a response that could not be read.');
  return { attachments: list.filter(isTaskAttachment), limits };
}

export async function renameAttachment(id: string, name: string): Promise<TaskAttachment> {
  return readAttachment(await requestJson(attachmentPath(id), { method: 'PATCH', body: { name } }));
}

export async function deleteAttachment(id: string): Promise<void> {
  await deleteJson(attachmentPath(id));
}

export async function restoreAttachment(id: string): Promise<TaskAttachment> {
  return readAttachment(await postJson(`${attachmentPath(id)}/restore`));
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

function uploadError(request: XMLHttpRequest): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(request.responseText) as unknown;
  } catch {
    body = undefined;
  }
  const message = (body as { message?: unknown } | undefined)?.message;
  const code = (body as { code?: unknown } | undefined)?.code;
  return new ApiError(
    'http',
    typeof message === 'string' && message !== '' ? message : `Upload failed with status ${request.status}.`,
    { status: request.status, code: typeof code === 'string' ? code : undefined, body },
  );
}

/**
 * Sends `file` as the new file `id` of `task`, reporting the share sent (0 to 1). Resolves with the
 * stored file; rejects with an `ApiError` (the server's message: too large, no room, no right), or
 * an AbortError when `signal` cancels it.
 */
export function uploadFile(
  input: { id: string; task: string; file: Blob; name: string },
  options: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<TaskAttachment> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const query = `task=${encodeURIComponent(input.task)}&name=${encodeURIComponent(input.name)}`;
    request.open('PUT', `/api/files/${encodeURIComponent(input.id)}?${query}`);
    request.setRequestHeader('Accept', 'application/json');
    const token = getStoredToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(readAttachment(JSON.parse(request.responseText) as unknown));
        } catch (error) {
          reject(
            error instanceof ApiError ? error : new ApiError('http', 'The server answered without the file.'),
          );
        }
        return;
      }
      if (request.status === 401 && token) handleSessionExpired();
      reject(uploadError(request));
    };
    request.onerror = () => reject(new ApiError('network', NETWORK_MESSAGE));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(input.file);
  });
}

/**
 * Files (not deleted) on every task the caller sees that has any, and each card's cover thumbnail:
 * the cards' paperclips and covers.
 */
export async function fetchAttachmentCounts(): Promise<
  Record<string, { count: number; cover: string | null }>
> {
  const body = await getJson<unknown>(`${ATTACHMENTS_URL}/counts`, { endSessionOn401: false });
  const { counts: raw, covers: rawCovers } = (body ?? {}) as { counts?: unknown; covers?: unknown };
  const covers =
    typeof rawCovers === 'object' && rawCovers !== null ? (rawCovers as Record<string, unknown>) : {};
  const result: Record<string, { count: number; cover: string | null }> = {};
  if (typeof raw === 'object' && raw !== null) {
    for (const [uid, n] of Object.entries(raw)) {
      const cover = covers[uid];
      if (typeof n === 'number' && Number.isInteger(n) && n > 0)
        result[uid] = {
          count: n,
          cover: typeof cover === 'string' && cover.startsWith('/api/files/') ? cover : null,
        };
    }
  }
  return result;
}

/** Makes the file the card's cover (or not). */
export async function setAttachmentCover(id: string, cover: boolean): Promise<TaskAttachment> {
  return readAttachment(await requestJson(attachmentPath(id), { method: 'PATCH', body: { cover } }));
}

/** What the team's files take, and their limits (admins). */
export async function fetchFilesUsage(signal?: AbortSignal): Promise<FilesUsage> {
  const body = await getJson<Partial<FilesUsage>>('/api/admin/files', { signal });
  if (typeof body?.files !== 'number' || typeof body.bytes !== 'number')
    throw new ApiError('http', 'The server sent a response that could not be read.');
  return body as FilesUsage;
}
