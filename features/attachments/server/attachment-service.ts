import 'server-only';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, count, eq, isNotNull, isNull, lt, sum } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { can, standingIn } from '@/features/projects/model/roles';
import { visibleTask, type TaskAccessRow } from '@/features/sync/server/store/task-access';
import { FORMER_MEMBER_NAME } from '@/shared/content/people';
import type { SyncActor } from '@/shared/auth/actor';
import { getDatabase, type Executor, type Tables } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { getFileStore, StorageError } from '@/server/storage';
import {
  attachmentUrl,
  type AttachmentLimits,
  type AttachmentList,
  type TaskAttachment,
} from '../model/protocol';
import {
  ATTACHMENT_MESSAGES,
  cleanFileName,
  isAttachmentId,
  mayChangeAttachment,
  previewOf,
  storageKeyFor,
} from '../model/rules';

/**
 * Files on team tasks (docs/product.md#files-on-tasks, docs/decisions/0051-file-storage.md): a row
 * per file in `task_attachments`, its bytes in the file store. Whoever may see a task sees and
 * downloads its files; whoever may comment on it adds files; whoever may edit it (or added the file)
 * renames and deletes them. For anyone else the task and its files do not exist (404).
 */

export type AttachmentRow = Tables['taskAttachments']['$inferSelect'];

/** How long a deleted file is kept for its Undo before the sweep removes it: a day. */
export const DELETED_KEEP_MS = 24 * 60 * 60 * 1000;

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

async function readRow(db: Executor, tables: Tables, id: string): Promise<AttachmentRow | undefined> {
  const [row] = await db.select().from(tables.taskAttachments).where(eq(tables.taskAttachments.id, id));
  return row;
}

/** What `actor` may do with files on `task`: add them, and change anyone's. */
async function rightsOn(
  db: Executor,
  actor: SyncActor,
  task: TaskAccessRow,
): Promise<{ mayComment: boolean; mayEdit: boolean; archived: boolean }> {
  const standing = standingIn(await loadProjectRoles(actor, db), task.projectId);
  const context = { project: { archived: standing.archived }, userId: actor.id, task };
  return {
    mayComment: can(standing.role, 'comment', context),
    mayEdit: can(standing.role, 'edit', context),
    archived: standing.archived,
  };
}

/** The stored file `id` (not deleted unless `deleted`) and its task, when `actor` may see the task; 404 otherwise. */
async function visibleAttachment(
  db: Executor,
  tables: Tables,
  actor: SyncActor,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<{ row: AttachmentRow; task: TaskAccessRow }> {
  const row = isAttachmentId(id) ? await readRow(db, tables, id.toLowerCase()) : undefined;
  if (!row || (row.deletedAt !== null && !options.deleted))
    throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
  const task = await visibleTask(db, tables, actor, row.taskUid, ATTACHMENT_MESSAGES.notFound);
  return { row, task };
}

/** Rows as the API sends them, with the current name of whoever added each. */
async function toAttachments(
  db: Executor,
  tables: Tables,
  rows: readonly AttachmentRow[],
): Promise<TaskAttachment[]> {
  const { users } = tables;
  const names = new Map<string, string>();
  for (const id of new Set(rows.flatMap((row) => (row.addedBy === null ? [] : [row.addedBy])))) {
    const [user] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, id));
    if (user) names.set(id, user.fullName);
  }
  return rows.map((row) => ({
    id: row.id,
    task: row.taskUid,
    name: row.name,
    size: row.size,
    mediaType: row.mediaType,
    preview: previewOf(row.mediaType),
    addedById: row.addedBy,
    addedByName: (row.addedBy !== null && names.get(row.addedBy)) || FORMER_MEMBER_NAME,
    addedAt: row.addedAt.toISOString(),
    url: attachmentUrl(row.id),
  }));
}

async function toAttachment(db: Executor, tables: Tables, row: AttachmentRow): Promise<TaskAttachment> {
  const [attachment] = await toAttachments(db, tables, [row]);
  return attachment!;
}

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
async function usage(
  db: Executor,
  tables: Tables,
  taskUid: string,
): Promise<{ onTask: number; total: number }> {
  const { taskAttachments } = tables;
  const [onTask] = await db
    .select({ n: count() })
    .from(taskAttachments)
    .where(and(eq(taskAttachments.taskUid, taskUid), isNull(taskAttachments.deletedAt)));
  const [total] = await db.select({ bytes: sum(taskAttachments.size) }).from(taskAttachments);
  return { onTask: onTask?.n ?? 0, total: Number(total?.bytes ?? 0) };
}

/** Refuses a file the task or the instance has no room for (409, 507-like 409). */
async function checkRoom(db: Executor, tables: Tables, taskUid: string, size: number): Promise<void> {
  const env = getEnv();
  const { onTask, total } = await usage(db, tables, taskUid);
  if (onTask >= env.MAX_ATTACHMENTS_PER_TASK)
    throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.tooMany(env.MAX_ATTACHMENTS_PER_TASK));
  if (env.MAX_FILES_TOTAL !== undefined && total + size > env.MAX_FILES_TOTAL)
    throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.storeFull);
}

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
    throw new AppError('CONFLICT', 'A file with this id already exists.');
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
    return await recordUpload(actor, { id, key, mediaType, ...stored, ...input });
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
    // Checked again under the lock: uploads to one task finish side by side.
    await checkRoom(db, tables, file.task, file.size);
    if (await readRow(db, tables, file.id))
      throw new AppError('CONFLICT', 'A file with this id already exists.');
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
    };
    await db.insert(tables.taskAttachments).values(row);
    return { attachment: await toAttachment(db, tables, row), created: true };
  }, 'attachments');
}

/** GET /api/files/{id}: the stored row, when `actor` may see its task (404 alike otherwise). */
export async function openAttachment(actor: SyncActor, id: string): Promise<AttachmentRow> {
  const { db, tables } = await getDatabase();
  return (await visibleAttachment(db, tables, actor, id)).row;
}

/** The file `id` for a change by `actor`: visible (404), changeable by them (403), its project open (409). */
async function changeableAttachment(
  db: Executor,
  tables: Tables,
  actor: SyncActor,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<AttachmentRow> {
  const { row, task } = await visibleAttachment(db, tables, actor, id, options);
  const rights = await rightsOn(db, actor, task);
  if (rights.archived) throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.archived);
  if (!mayChangeAttachment({ actorId: actor.id, addedBy: row.addedBy, ...rights }))
    throw new AppError('FORBIDDEN', ATTACHMENT_MESSAGES.mayNotChange);
  return row;
}

/** PATCH /api/sync/attachments/{id} {name}: a new name (cleaned as an upload's). */
export async function renameAttachment(actor: SyncActor, id: string, name: string): Promise<TaskAttachment> {
  const handle = await getDatabase();
  const { tables } = handle;
  return handle.exclusive(async (db) => {
    const row = await changeableAttachment(db, tables, actor, id);
    const change = { name: cleanFileName(name), changedAt: new Date() };
    if (change.name === row.name) return toAttachment(db, tables, row);
    await db.update(tables.taskAttachments).set(change).where(eq(tables.taskAttachments.id, row.id));
    return toAttachment(db, tables, { ...row, ...change });
  }, 'attachments');
}

/**
 * DELETE /api/sync/attachments/{id}: the file leaves the task at once; its row and bytes stay a day,
 * for Undo (`restoreAttachment`), then the sweep removes them. Deleting a deleted file changes nothing.
 */
export async function deleteAttachment(actor: SyncActor, id: string): Promise<void> {
  const handle = await getDatabase();
  const { tables } = handle;
  await handle.exclusive(async (db) => {
    const row = await changeableAttachment(db, tables, actor, id, { deleted: true });
    if (row.deletedAt !== null) return;
    const now = new Date();
    await db
      .update(tables.taskAttachments)
      .set({ deletedAt: now, changedAt: now })
      .where(eq(tables.taskAttachments.id, row.id));
  }, 'attachments');
}

/** POST /api/sync/attachments/{id}/restore: Undo of a delete, while the file is kept (a day). */
export async function restoreAttachment(actor: SyncActor, id: string): Promise<TaskAttachment> {
  const handle = await getDatabase();
  const { tables } = handle;
  return handle.exclusive(async (db) => {
    const row = await changeableAttachment(db, tables, actor, id, { deleted: true });
    if (row.deletedAt === null) return toAttachment(db, tables, row);
    if (Date.now() - row.deletedAt.getTime() >= DELETED_KEEP_MS)
      throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.restoreGone);
    await checkRoom(db, tables, row.taskUid, 0);
    const change = { deletedAt: null, changedAt: new Date() };
    await db.update(tables.taskAttachments).set(change).where(eq(tables.taskAttachments.id, row.id));
    return toAttachment(db, tables, { ...row, ...change });
  }, 'attachments');
}

/**
 * Removes the files deleted more than a day before `now` (`DELETED_KEEP_MS`): their bytes first, then
 * their rows, at most `batch` at a time (the scheduler's tick calls it again). A crash between the two
 * leaves the row, removed on the next run. Returns how many went.
 */
export async function sweepDeletedAttachments(now: Date, batch = 200): Promise<number> {
  const { db, tables } = await getDatabase();
  const { taskAttachments } = tables;
  const cutoff = new Date(now.getTime() - DELETED_KEEP_MS);
  const rows = await db
    .select({ id: taskAttachments.id, storageKey: taskAttachments.storageKey })
    .from(taskAttachments)
    .where(and(isNotNull(taskAttachments.deletedAt), lt(taskAttachments.deletedAt, cutoff)))
    .limit(batch);
  const store = getFileStore();
  for (const row of rows) {
    await store.delete(row.storageKey);
    await db
      .delete(taskAttachments)
      .where(and(eq(taskAttachments.id, row.id), isNotNull(taskAttachments.deletedAt)));
  }
  return rows.length;
}
