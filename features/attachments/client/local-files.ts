/**
 * Files on tasks in the default mode (docs/product.md#files-in-the-default-mode): the same calls as
 * the server's (./files-source.ts), kept in this browser's IndexedDB (./files-db.ts). Each change
 * says so on the live-comments bus (shared/realtime/live-comments.ts), which this browser's other
 * tabs hear too, as the server's stream says it in team mode.
 */
import type { AttachmentLimits, TaskAttachment } from '@/features/attachments/model/protocol';
import { ATTACHMENT_MESSAGES, fileNameProblem, previewOf } from '@/features/attachments/model/rules';
import { announceComments } from '@/shared/realtime/live-comments';
import { ApiError } from '@/shared/http/http';
import { filesDb, isQuotaError, type StoredFile } from './files-db';
import { toAttachment } from './local-addresses';
import { LOCAL_RESTORE_MS } from './local-counts';
import { makeThumbnail } from './local-thumbnail';
import { sniffMediaType } from './sniff';

/** The limits of the browser's files: those of a server with the defaults (MAX_UPLOAD_SIZE, MAX_ATTACHMENTS_PER_TASK). */
export const LOCAL_LIMITS: AttachmentLimits = { maxUploadSize: 25 * 1024 * 1024, perTask: 100 };

export const LOCAL_FILE_MESSAGES = {
  noRoom: 'This browser has no room for more files. Delete some, or export your data and free space.',
  unavailable: 'This browser cannot keep files here (its storage is off or full).',
} as const;

const byAdded = (a: StoredFile, b: StoredFile) =>
  a.addedAt.localeCompare(b.addedAt) || a.id.localeCompare(b.id);

function storageError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(
    'http',
    isQuotaError(error) ? LOCAL_FILE_MESSAGES.noRoom : LOCAL_FILE_MESSAGES.unavailable,
  );
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw storageError(error);
  }
}

/** The task's files (not deleted), oldest first. */
export function listLocalFiles(
  task: string,
): Promise<{ attachments: TaskAttachment[]; limits: AttachmentLimits }> {
  return guarded(async () => {
    const db = await filesDb();
    const files = (await db.getAllFromIndex('files', 'task', task)).filter((file) => file.deletedAt === null);
    return { attachments: files.sort(byAdded).map(toAttachment), limits: LOCAL_LIMITS };
  });
}

/** Refuses (409) a file more on a task that holds as many as one may. */
async function checkRoom(task: string): Promise<void> {
  const db = await filesDb();
  const held = (await db.getAllFromIndex('files', 'task', task)).filter((file) => file.deletedAt === null);
  if (held.length >= LOCAL_LIMITS.perTask)
    throw new ApiError('http', ATTACHMENT_MESSAGES.tooMany(LOCAL_LIMITS.perTask), { status: 409 });
}

/** Keeps `file` as the task's new file `id`; an id kept already answers with that file (sent twice). */
export function addLocalFile(
  input: { id: string; task: string; file: Blob; name: string; addedByName: string },
  now: Date = new Date(),
): Promise<TaskAttachment> {
  return guarded(async () => {
    if (input.file.size > LOCAL_LIMITS.maxUploadSize)
      throw new ApiError('http', ATTACHMENT_MESSAGES.tooLarge(LOCAL_LIMITS.maxUploadSize), { status: 413 });
    const db = await filesDb();
    const existing = await db.get('files', input.id);
    // The same file sent twice is kept once; an id another file holds is refused, as the server does.
    if (existing && existing.task === input.task && existing.deletedAt === null)
      return toAttachment(existing);
    if (existing) throw new ApiError('http', ATTACHMENT_MESSAGES.idTaken, { status: 409 });
    const held = (await db.getAllFromIndex('files', 'task', input.task)).filter(
      (file) => file.deletedAt === null,
    );
    if (held.length >= LOCAL_LIMITS.perTask)
      throw new ApiError('http', ATTACHMENT_MESSAGES.tooMany(LOCAL_LIMITS.perTask), { status: 409 });
    const mediaType = await sniffMediaType(input.file);
    const preview = previewOf(mediaType);
    const thumbnail = preview === 'image' ? await makeThumbnail(input.file) : null;
    const stored: StoredFile = {
      id: input.id,
      task: input.task,
      name: input.name,
      size: input.file.size,
      mediaType,
      preview,
      addedByName: input.addedByName,
      addedAt: now.toISOString(),
      cover: false,
      width: thumbnail?.width ?? null,
      height: thumbnail?.height ?? null,
      // A copy the database owns (a File picked may be read from disk again later, or be gone).
      bytes: new Blob([input.file], { type: mediaType }),
      thumbnail: thumbnail?.blob ?? null,
      deletedAt: null,
    };
    await db.put('files', stored);
    announceComments(input.task);
    return toAttachment(stored);
  });
}

/** Changes a kept file (not deleted): the callback returns the new record. */
function changeLocalFile(id: string, change: (file: StoredFile, others: StoredFile[]) => StoredFile) {
  return guarded(async () => {
    const db = await filesDb();
    const tx = db.transaction('files', 'readwrite');
    const file = await tx.store.get(id);
    if (!file || file.deletedAt !== null)
      throw new ApiError('http', ATTACHMENT_MESSAGES.notFound, { status: 404 });
    const others = (await tx.store.index('task').getAll(file.task)).filter((other) => other.id !== id);
    const changed = change(file, others);
    await tx.store.put(changed);
    // One cover per task.
    if (changed.cover)
      for (const other of others) if (other.cover) await tx.store.put({ ...other, cover: false });
    await tx.done;
    announceComments(file.task);
    return toAttachment(changed);
  });
}

export function renameLocalFile(id: string, name: string): Promise<TaskAttachment> {
  const problem = fileNameProblem(name);
  if (problem) return Promise.reject(new ApiError('http', problem, { status: 400 }));
  return changeLocalFile(id, (file) => ({ ...file, name: name.trim() }));
}

export function setLocalCover(id: string, cover: boolean): Promise<TaskAttachment> {
  return changeLocalFile(id, (file) => {
    if (cover && file.preview !== 'image')
      throw new ApiError('http', ATTACHMENT_MESSAGES.coverImagesOnly, { status: 400 });
    return { ...file, cover };
  });
}

/** Deletes a file, kept a day for Undo (`restoreLocalFile`); again: nothing happens. */
export function deleteLocalFile(id: string, now: Date = new Date()): Promise<void> {
  return guarded(async () => {
    const db = await filesDb();
    const file = await db.get('files', id);
    if (!file || file.deletedAt !== null) return;
    await db.put('files', { ...file, deletedAt: now.toISOString(), cover: false });
    announceComments(file.task);
  });
}

export function restoreLocalFile(id: string, now: Date = new Date()): Promise<TaskAttachment> {
  return guarded(async () => {
    const db = await filesDb();
    const file = await db.get('files', id);
    if (!file) throw new ApiError('http', ATTACHMENT_MESSAGES.notFound, { status: 404 });
    if (file.deletedAt === null) return toAttachment(file);
    if (now.getTime() - Date.parse(file.deletedAt) >= LOCAL_RESTORE_MS)
      throw new ApiError('http', ATTACHMENT_MESSAGES.restoreGone, { status: 409 });
    await checkRoom(file.task);
    const restored = { ...file, deletedAt: null };
    await db.put('files', restored);
    announceComments(file.task);
    return toAttachment(restored);
  });
}
