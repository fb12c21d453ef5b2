import 'server-only';
import { z } from 'zod';
import { joinWithAnd } from '@/shared/format/word-list';
import { backupError } from './format';

/**
 * What backups, restores and `storage verify` know of a file on a task (docs/decisions/0051-file-storage.md,
 * 0035-backup-format.md): its `task_attachments` row, read by SQL column name so that the same code
 * reads a database's rows and a backup file's. The bytes are in the file store under `key`.
 */
export const ATTACHMENTS_TABLE = 'task_attachments';

export interface FileRef {
  /** The storage key of the bytes (`storage_key`). */
  key: string;
  size: number;
  sha256: string;
  name: string;
  task: string;
  /** ISO-8601 text, or null for a file not deleted. */
  deletedAt: string | null;
  /** The key of its thumbnail (`thumbnail_key`, when the schema has one and it was made). */
  thumbnailKey: string | null;
}

/**
 * How long a deleted file keeps its bytes for Undo before the sweep removes bytes, then row
 * (features/attachments' DELETED_KEEP_MS; tests/unit/backup-files-format.test.ts checks they agree).
 * A file deleted longer ago than this when a backup starts is past its Undo: its bytes are not
 * backed up, and a restore does not ask for them (the sweep removes its row on its next tick).
 */
export const DELETED_FILE_KEPT_MS = 24 * 60 * 60 * 1000;

/** Raw bytes per base64 line of a file in a backup: 128 kB of text, a multiple of 3 (no padding inside). */
export const FILE_CHUNK_BYTES = 96 * 1024;

/** A thumbnail is read whole to learn its size and hash (its row has neither): at most this. */
export const THUMBNAIL_MAX_BYTES = 8 * 1024 * 1024;

/** Whether `file` was deleted more than DELETED_FILE_KEPT_MS before `at` (so its bytes are not needed). */
export function isPastUndo(file: FileRef, at: string | Date): boolean {
  if (file.deletedAt === null) return false;
  return Date.parse(file.deletedAt) <= new Date(at).getTime() - DELETED_FILE_KEPT_MS;
}

/** A file's ref from a row read by SQL column name (`value('storage_key')`); dates as Date or text. */
export function fileRefOf(value: (column: string) => unknown): FileRef {
  const deleted = value('deleted_at');
  const thumbnail = value('thumbnail_key');
  return {
    key: String(value('storage_key')),
    size: Number(value('size')),
    sha256: String(value('sha256')),
    name: String(value('name')),
    task: String(value('task_uid')),
    deletedAt: deleted instanceof Date ? deleted.toISOString() : typeof deleted === 'string' ? deleted : null,
    thumbnailKey: typeof thumbnail === 'string' && thumbnail !== '' ? thumbnail : null,
  };
}

/** The columns a FileRef is made of: a backup whose attachments table lacks one is damaged. */
export const FILE_REF_COLUMNS = ['storage_key', 'size', 'sha256', 'name', 'task_uid', 'deleted_at'];

/** `"report.pdf" of task 4f1c…`: how messages name a file. */
export function describeFile(file: Pick<FileRef, 'name' | 'task'>): string {
  return `"${file.name}" of task ${file.task}`;
}

/** At most `limit` files named, then how many more: `"a" of task t1, "b" of task t2 and 3 more`. */
export function listFiles(texts: readonly string[], limit = 10): string {
  if (texts.length <= limit) return joinWithAnd(texts);
  return joinWithAnd([...texts.slice(0, limit), `${texts.length - limit} more`]);
}

/** "1 file", "3 files". */
export function fileCount(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`;
}

/** Why a file's bytes are not in a backup: gone from the store, or other bytes than its row says. */
export type SkipReason = 'missing' | 'differs';

export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  missing: 'its bytes are missing from the file store',
  differs: 'its bytes differ from its row',
};

/** The line before a file's bytes. `thumbnail`: the key is a row's thumbnail_key, checked by this line only. */
export const fileLineSchema = z.object({
  file: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  thumbnail: z.literal(true).optional(),
});
export type FileLine = z.infer<typeof fileLineSchema>;

/** The line after a file line (and any bytes) saying its bytes are not in the backup, and why. */
export const skippedLineSchema = z.object({
  skipped: z.string(),
  reason: z.enum(['missing', 'differs']),
});

/** One line of a file's bytes: a JSON string holding them in base64. */
export function chunkLine(bytes: Buffer): string {
  return `"${bytes.toString('base64')}"`;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a chunk line; anything else is damage. */
export function decodeChunk(line: string): Buffer {
  const text = line.length >= 2 && line.endsWith('"') ? line.slice(1, -1) : undefined;
  if (text === undefined || text.length % 4 !== 0 || !BASE64.test(text)) {
    throw backupError('The backup file is damaged (a line of file bytes is not readable).');
  }
  return Buffer.from(text, 'base64');
}
