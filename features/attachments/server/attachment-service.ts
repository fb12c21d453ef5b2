import 'server-only';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { visibleTask, writeAndPokeTask } from '@/features/sync/server/store/task-access';
import type { SyncActor } from '@/shared/auth/actor';
import { getDatabase } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { getFileStore, StorageError } from '@/server/storage';
import { type AttachmentLimits, type AttachmentList, type TaskAttachment } from '../model/protocol';
import { ATTACHMENT_MESSAGES, cleanFileName, isAttachmentId, storageKeyFor } from '../model/rules';
import { queueThumbnail } from './thumbnails';
import {
  checkRoom,
  readRow,
  rightsOn,
  toAttachment,
  toAttachments,
  visibleAttachment,
  type AttachmentRow,
} from './attachment-rows';

export { DELETED_KEEP_MS, type AttachmentRow } from './attachment-rows';

/**
 * Files on team tasks (docs/product.md#files-on-tasks, docs/decisions/0051-file-storage.md): a row
 * per file in `task_attachments`, its bytes in the file store. Whoever may see a task sees and
 * downloads its files; whoever may comment on it adds files; whoever may edit it (or added the file)
 * renames and deletes them. For anyone else the task and its files do not exist (404).
 */

/** The bytes file-type needs to recognise every type it knows. */
const SNIFF_BYTES = 4100;

export function attachmentLimits(): AttachmentLimits {
  const env = getEnv();
  return { maxUploadSize: env.MAX_UPLOAD_SIZE, perTask: env.MAX_ATTACHMENTS_PER_TASK };
}

function checkId(id: string): string {
  if (!isAttachmentId(id)) throw new AppError('VALIDATION_ERROR', ATTACHMENT_MESSAGES.idInvalid);
  return id.toLowerCase();
}

/** What `actor` may do with files on `task`: add them, and change anyone's. */

/** The stored file `id` (not deleted unless `deleted`) and its task, when `actor` may see the task; 404 otherwise. */

/** Rows as the API sends them, with the current name of whoever added each. */

/** GET /api/sync/attachments?task=uid: the task's files, oldest first, and the limits. */
export async function listAttachments(actor: SyncActor, taskUid: string): Promise<AttachmentList> {
  const { db, tables } = await getDatabase();
  const { taskAttachments } = tables;
  await visibleTask(db, tables, actor, taskUid, ATTACHMENT_MESSAGES.taskNotFound);
  const rows = await db
    .select()
    .from(taskAttachments)
    .where(and(eq(taskAttachments.taskUid, taskUid), isNull(taskAttachments.deletedAt)))
    .orderBy(taskAttachments.addedAt, taskAttachments.id);
  return { attachments: await toAttachments(db, tables, rows), limits: attachmentLimits() };
}

/** Files on `taskUid` now, and bytes of every file on the instance (deleted ones still hold theirs). */

/** Refuses a file the task or the instance has no room for (409, 507-like 409). */

export interface UploadInput {
  task: string;
  name: string;
  /** The request's Content-Length, when it sent one. */
  declaredSize: number | undefined;
}

/**
 * Checks everything that can be checked before a byte is read: the id, the task (404), the right
 * to add files (403, 409 archived), the declared size (413), the room left (409). An id already
 * stored by the same person on the same task is a retry: its file is the answer.
 */
async function admitUpload(
  actor: SyncActor,
  id: string,
  input: UploadInput,
): Promise<{ retry: TaskAttachment } | { retry: null }> {
  const { db, tables } = await getDatabase();
  const task = await visibleTask(db, tables, actor, input.task, ATTACHMENT_MESSAGES.taskNotFound);
  const existing = await readRow(db, tables, id);
  if (existing) {
    if (existing.taskUid === input.task && existing.addedBy === actor.id && existing.deletedAt === null)
      return { retry: await toAttachment(db, tables, existing) };
    throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.idTaken);
  }
  const rights = await rightsOn(db, actor, task);
  if (rights.archived) throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.archived);
  if (!rights.mayComment) throw new AppError('FORBIDDEN', ATTACHMENT_MESSAGES.mayNotAttach);
  if (task.deleted) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.taskNotFound);
  const { MAX_UPLOAD_SIZE } = getEnv();
  if (input.declaredSize !== undefined && input.declaredSize > MAX_UPLOAD_SIZE)
    throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_MESSAGES.tooLarge(MAX_UPLOAD_SIZE));
  await checkRoom(db, tables, input.task, input.declaredSize ?? 0);
  return { retry: null };
}

/** The body as a Node stream that keeps its first `SNIFF_BYTES` bytes aside for the type. */
function sniffing(body: ReadableStream<Uint8Array>): { stream: Readable; head: () => Buffer } {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  async function* pass() {
    for await (const chunk of source) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      if (keptBytes < SNIFF_BYTES) {
        kept.push(bytes.subarray(0, SNIFF_BYTES - keptBytes));
        keptBytes += Math.min(bytes.length, SNIFF_BYTES - keptBytes);
      }
      yield bytes;
    }
  }
  return { stream: Readable.from(pass(), { objectMode: false }), head: () => Buffer.concat(kept) };
}

/** A store failure as the API says it: too large 413, cancelled 400, anything else 503 (logged). */
function storeFailure(error: unknown): AppError {
  if (error instanceof StorageError && error.code === 'TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_MESSAGES.tooLarge(getEnv().MAX_UPLOAD_SIZE));
  if (error instanceof StorageError && error.code === 'ABORTED')
    return new AppError('VALIDATION_ERROR', 'The upload was cancelled.');
  logger.error('attachments: the file store refused a write', error);
  return new AppError('SERVICE_UNAVAILABLE', ATTACHMENT_MESSAGES.unavailable);
}

/**
 * PUT /api/files/{id}?task=uid&name=…: streams the body into the store (never all of it in memory),
 * sniffs its type from its first bytes, then records it. 201 `{ attachment }`; a retry of a stored
 * upload 200 with it. Nothing is recorded and nothing stays stored when any step fails.
 */
export async function uploadAttachment(
  actor: SyncActor,
  rawId: string,
  input: UploadInput,
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): Promise<{ attachment: TaskAttachment; created: boolean }> {
  const id = checkId(rawId);
  const admitted = await admitUpload(actor, id, input);
  if (admitted.retry) return { attachment: admitted.retry, created: false };
  const store = getFileStore();
  const key = `${storageKeyFor(id)}-${randomBytes(4).toString('hex')}`;
  const { stream, head } = sniffing(body);
  const stored = await store
    .put(key, stream, { maxBytes: getEnv().MAX_UPLOAD_SIZE, declaredSize: input.declaredSize, signal })
    .catch((error: unknown) => {
      throw storeFailure(error);
    });
  const mediaType = (await fileTypeFromBuffer(head()))?.mime ?? 'application/octet-stream';
  try {
    // A body cut short on the way (a proxy's limit, a dropped connection that still ended cleanly)
    // is not the file that was sent: refused, and its bytes removed.
    if (input.declaredSize !== undefined && stored.size !== input.declaredSize)
      throw new AppError('VALIDATION_ERROR', ATTACHMENT_MESSAGES.cutShort);
    const recorded = await recordUpload(actor, { id, key, mediaType, ...stored, ...input });
    // Made after this answer, never awaited by it (./thumbnails.ts).
    queueThumbnail({ id, storageKey: key, mediaType, size: stored.size });
    return recorded;
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
}

async function recordUpload(
  actor: SyncActor,
  file: UploadInput & { id: string; key: string; mediaType: string; size: number; sha256: string },
): Promise<{ attachment: TaskAttachment; created: boolean }> {
  const handle = await getDatabase();
  const { tables } = handle;
  return handle.exclusive(async (db) => {
    // Checked again under the lock: uploads to one task finish side by side, and access may have gone.
    const task = await visibleTask(db, tables, actor, file.task, ATTACHMENT_MESSAGES.taskNotFound);
    await checkRoom(db, tables, file.task, file.size);
    if (await readRow(db, tables, file.id)) throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.idTaken);
    const now = new Date();
    const row: AttachmentRow = {
      id: file.id,
      taskUid: file.task,
      name: cleanFileName(file.name),
      mediaType: file.mediaType,
      size: file.size,
      sha256: file.sha256,
      storageKey: file.key,
      addedBy: actor.id,
      addedAt: now,
      deletedAt: null,
      changedAt: now,
      thumbnailKey: null,
      width: null,
      height: null,
      isCover: false,
    };
    await writeAndPokeTask(handle, db, actor, file.task, task, [
      db.insert(tables.taskAttachments).values(row),
    ]);
    return { attachment: await toAttachment(db, tables, row), created: true };
  }, 'attachments');
}

/** GET /api/files/{id}: the stored row, when `actor` may see its task (404 alike otherwise). */
export async function openAttachment(actor: SyncActor, id: string): Promise<AttachmentRow> {
  const { db, tables } = await getDatabase();
  return (await visibleAttachment(db, tables, actor, id)).row;
}

/** PATCH /api/sync/attachments/{id} {name}: a new name (cleaned as an upload's). */

/** POST /api/sync/attachments/{id}/restore: Undo of a delete, while the file is kept (a day). */
