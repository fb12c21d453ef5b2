/**
 * The default mode's files in the JSON export and import (docs/product.md#your-data, export version 4;
 * docs/decisions/0016-data-export-and-import.md): each kept file of an exported task travels with its
 * bytes as base64 and their SHA-256; an import checks every one, then writes those of the tasks it
 * imports into this browser's IndexedDB (./files-db.ts) under the same ids (an import keeps task ids),
 * in one transaction that Undo takes back. Nothing the file says about a file is trusted: the name is
 * cleaned, the type sniffed from the bytes, the limits of ./local-files.ts applied, the thumbnail
 * drawn again. Needs `crypto.subtle` (a secure context, as attaching a file does).
 */
import type { AttachmentPreview } from '@/features/attachments/model/protocol';
import { cleanFileName, isAttachmentId, previewOf } from '@/features/attachments/model/rules';
import { announceComments } from '@/shared/realtime/live-comments';
import { isRecord } from '@/shared/validation/parsers';
import { filesDb, isQuotaError, type StoredFile } from './files-db';
import { forgetAddresses } from './local-addresses';
import { LOCAL_FILE_MESSAGES, LOCAL_LIMITS } from './local-files';
import { makeThumbnail } from './local-thumbnail';
import { sniffMediaType } from './sniff';

/** One entry of the export's `files`. */
export interface ExportedFile {
  /** The file's UUID, kept by the import. */
  id: string;
  /** The task's `id`. */
  task: string;
  name: string;
  /** As sniffed here; the import sniffs the bytes again. */
  mediaType: string;
  addedByName: string;
  addedAt: string;
  cover: boolean;
  /** Bytes. */
  size: number;
  /** The bytes' SHA-256, lowercase hex. */
  sha256: string;
  /** The bytes, base64 (RFC 4648, padded). */
  data: string;
}

// ---- Bytes ----

const CHUNK = 0x8000;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  }
  return btoa(binary);
}

/** The bytes of strict base64 (padded, no spaces); null for anything else. */
function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return bytes;
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// ---- Export ----

/**
 * The bytes a file adds to the export at most: its base64, and its other fields with the JSON's
 * indentation (a character escaped as `\uXXXX` takes 6).
 */
export function exportedSizeOf(file: Pick<StoredFile, 'bytes' | 'name' | 'addedByName' | 'task'>): number {
  return (
    4 * Math.ceil(file.bytes.size / 3) +
    512 +
    6 * (file.name.length + file.addedByName.length + file.task.length)
  );
}

export type LocalFilesExport =
  /** `unreadable`: kept files whose bytes the browser could not read (left out). */
  | { ok: true; files: ExportedFile[]; unreadable: number }
  /** The database could not be opened or read (or no `crypto.subtle`). */
  | { ok: false; problem: 'unavailable' }
  /** With the files, the export would be over `room`; `bytes` is what the files take. */
  | { ok: false; problem: 'tooLarge'; bytes: number };

const byAdded = (a: StoredFile, b: StoredFile) =>
  a.addedAt.localeCompare(b.addedAt) || a.id.localeCompare(b.id);

async function exportedFile(file: StoredFile): Promise<ExportedFile> {
  const bytes = new Uint8Array(await file.bytes.arrayBuffer());
  return {
    id: file.id,
    task: file.task,
    name: file.name,
    mediaType: file.mediaType,
    addedByName: file.addedByName,
    addedAt: file.addedAt,
    cover: file.cover,
    size: bytes.length,
    sha256: await sha256Hex(bytes),
    data: toBase64(bytes),
  };
}

/**
 * The kept (not deleted) files of the tasks `taskIds`, in the tasks' order, each task's oldest first,
 * when together they add at most `room` bytes to the export.
 */
export async function exportLocalFiles(taskIds: readonly string[], room: number): Promise<LocalFilesExport> {
  const order = new Map(taskIds.map((id, index) => [id, index]));
  let kept: StoredFile[];
  try {
    if (typeof crypto === 'undefined' || !crypto.subtle) return { ok: false, problem: 'unavailable' };
    const db = await filesDb();
    kept = (await db.getAll('files')).filter((file) => file.deletedAt === null && order.has(file.task));
  } catch {
    return { ok: false, problem: 'unavailable' };
  }
  kept.sort((a, b) => order.get(a.task)! - order.get(b.task)! || byAdded(a, b));
  const need = kept.reduce((sum, file) => sum + exportedSizeOf(file), 0);
  if (need > room) {
    return { ok: false, problem: 'tooLarge', bytes: kept.reduce((sum, file) => sum + file.bytes.size, 0) };
  }
  const files: ExportedFile[] = [];
  let unreadable = 0;
  for (const file of kept) {
    const entry = await exportedFile(file).catch(() => null);
    if (entry) files.push(entry);
    else unreadable += 1;
  }
  return { ok: true, files, unreadable };
}

// ---- Import: reading the file's entries ----

/** A file of an import, read and checked: what would be kept of it. */
export interface FileToImport {
  id: string;
  task: string;
  name: string;
  /** Sniffed from the bytes. */
  mediaType: string;
  preview: AttachmentPreview;
  addedByName: string;
  addedAt: string;
  cover: boolean;
  bytes: Blob;
}

export interface ImportedFilesRead {
  files: FileToImport[];
  /** Entries that are not a file's, whose bytes do not match their size or SHA-256, or repeat an id. */
  unreadable: number;
  /** Over LOCAL_LIMITS.maxUploadSize. */
  tooLarge: number;
}

type Entry = Omit<ExportedFile, 'mediaType'>;

const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const MAX_PERSON_NAME = 200;

/** An entry's fields when they have the export's types (a UUID, a date, a hex SHA-256); else null. */
function parseEntry(value: unknown): Entry | null {
  if (!isRecord(value)) return null;
  const { id, task, name, addedByName, addedAt, cover, size, sha256, data } = value;
  if (typeof id !== 'string' || !isAttachmentId(id)) return null;
  if (typeof task !== 'string' || task === '' || typeof name !== 'string') return null;
  if (typeof addedByName !== 'string' || typeof data !== 'string') return null;
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/i.test(sha256)) return null;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return null;
  if (typeof addedAt !== 'string' || Number.isNaN(Date.parse(addedAt))) return null;
  return {
    id,
    task,
    name: cleanFileName(name),
    addedByName: addedByName
      .replace(UNSAFE_CHARACTERS, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_PERSON_NAME),
    addedAt: new Date(addedAt).toISOString(),
    cover: cover === true,
    size,
    sha256: sha256.toLowerCase(),
    data,
  };
}

/** The entry's bytes when they are exactly its `size` and `sha256`; else null. */
async function checkedBytes(entry: Entry): Promise<Uint8Array<ArrayBuffer> | null> {
  const bytes = fromBase64(entry.data);
  if (!bytes || bytes.length !== entry.size) return null;
  const sha = await sha256Hex(bytes).catch(() => null);
  return sha === entry.sha256 ? bytes : null;
}

/** The export's `files` read and checked (nothing written). */
export async function readImportedFiles(entries: readonly unknown[]): Promise<ImportedFilesRead> {
  const read: ImportedFilesRead = { files: [], unreadable: 0, tooLarge: 0 };
  const seen = new Set<string>();
  const maxCharacters = 4 * Math.ceil(LOCAL_LIMITS.maxUploadSize / 3);
  for (const value of entries) {
    const entry = parseEntry(value);
    if (!entry || seen.has(entry.id)) {
      read.unreadable += 1;
      continue;
    }
    if (entry.size > LOCAL_LIMITS.maxUploadSize || entry.data.length > maxCharacters) {
      read.tooLarge += 1;
      continue;
    }
    const bytes = await checkedBytes(entry);
    if (!bytes) {
      read.unreadable += 1;
      continue;
    }
    seen.add(entry.id);
    const mediaType = await sniffMediaType(new Blob([bytes]));
    const { data: _data, size: _size, sha256: _sha, ...fields } = entry;
    read.files.push({
      ...fields,
      mediaType,
      preview: previewOf(mediaType),
      bytes: new Blob([bytes], { type: mediaType }),
    });
  }
  return read;
}

// ---- Import: planning and writing ----

export interface FilesImportPlan {
  /** The files to keep, `cover` settled (one per task; a cover here stays). */
  add: FileToImport[];
  /** Kept here already (the same id, not deleted). */
  alreadyHere: number;
  /** Would take their task past LOCAL_LIMITS.perTask. */
  overLimit: number;
  /** Of a task the import does not take (invalid) or the file does not hold. */
  ofTasksLeftOut: number;
}

/** Which of `files` an import of the tasks `tasks` (their ids) would keep, against what is kept here. */
export async function planFilesImport(
  files: readonly FileToImport[],
  tasks: ReadonlySet<string>,
): Promise<FilesImportPlan> {
  const db = await filesDb();
  const kept = (await db.getAll('files')).filter((file) => file.deletedAt === null);
  const keptIds = new Set(kept.map((file) => file.id));
  const held = new Map<string, number>();
  const covered = new Set<string>();
  for (const file of kept) {
    held.set(file.task, (held.get(file.task) ?? 0) + 1);
    if (file.cover) covered.add(file.task);
  }
  const plan: FilesImportPlan = { add: [], alreadyHere: 0, overLimit: 0, ofTasksLeftOut: 0 };
  for (const file of files) {
    const count = held.get(file.task) ?? 0;
    if (!tasks.has(file.task)) plan.ofTasksLeftOut += 1;
    else if (keptIds.has(file.id)) plan.alreadyHere += 1;
    else if (count >= LOCAL_LIMITS.perTask) plan.overLimit += 1;
    else {
      held.set(file.task, count + 1);
      const cover = file.cover && file.preview === 'image' && !covered.has(file.task);
      if (cover) covered.add(file.task);
      plan.add.push({ ...file, cover });
    }
  }
  return plan;
}

/** What `undoImportedFiles` needs: the ids written, and the deleted records some of them replaced. */
export interface FilesImportSnapshot {
  readonly ids: readonly string[];
  readonly replaced: readonly StoredFile[];
}

async function toStored(file: FileToImport): Promise<StoredFile> {
  const thumbnail = file.preview === 'image' ? await makeThumbnail(file.bytes) : null;
  return {
    id: file.id,
    task: file.task,
    name: file.name,
    size: file.bytes.size,
    mediaType: file.mediaType,
    preview: file.preview,
    addedByName: file.addedByName,
    addedAt: file.addedAt,
    cover: file.cover,
    width: thumbnail?.width ?? null,
    height: thumbnail?.height ?? null,
    bytes: file.bytes,
    thumbnail: thumbnail?.blob ?? null,
    deletedAt: null,
  };
}

function announceTasks(tasks: Iterable<string>): void {
  for (const task of new Set(tasks)) announceComments(task);
}

/**
 * Keeps `files` (a plan's `add`), thumbnails drawn first, in one transaction: all or none (a full
 * quota throws, see `transferFailureMessage`). A deleted file of the same id (within its day of Undo)
 * is replaced.
 */
export async function writeImportedFiles(files: readonly FileToImport[]): Promise<FilesImportSnapshot> {
  const records: StoredFile[] = [];
  for (const file of files) records.push(await toStored(file));
  const db = await filesDb();
  const tx = db.transaction('files', 'readwrite');
  const replaced: StoredFile[] = [];
  for (const record of records) {
    const previous = await tx.store.get(record.id);
    if (previous) replaced.push(previous);
    await tx.store.put(record);
  }
  await tx.done;
  for (const record of replaced) forgetAddresses(record.id);
  announceTasks(records.map((record) => record.task));
  return { ids: records.map((record) => record.id), replaced };
}

/** Takes an import's files away again (a deleted file it replaced comes back as it was). */
export async function undoImportedFiles(snapshot: FilesImportSnapshot): Promise<void> {
  const db = await filesDb();
  const tx = db.transaction('files', 'readwrite');
  const replaced = new Map(snapshot.replaced.map((file) => [file.id, file]));
  const tasks: string[] = [];
  for (const id of snapshot.ids) {
    const current = await tx.store.get(id);
    if (current) tasks.push(current.task);
    const previous = replaced.get(id);
    if (previous) await tx.store.put(previous);
    else await tx.store.delete(id);
  }
  await tx.done;
  for (const id of snapshot.ids) forgetAddresses(id);
  announceTasks(tasks);
}

/** What to say when the browser refused to read or keep the files. */
export function transferFailureMessage(error: unknown): string {
  return isQuotaError(error) ? LOCAL_FILE_MESSAGES.noRoom : LOCAL_FILE_MESSAGES.unavailable;
}
