import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AppError, type ErrorCode } from '../errors';
import type { BackupTable } from './tables';

/**
 * The backup file (docs/decisions/0035-backup-format.md): gzip-compressed JSON lines.
 *   1. the header: format name and version, the app's migration level, when, from which dialect,
 *      and (version 2) whether the files' bytes are in it;
 *   2. per table: a line naming the table and its columns, then one line per row, an array of the
 *      values in that column order;
 *   3. (version 2, with files) per file a line `{"file":key,"size":n,"sha256":…}`, then its bytes in
 *      base64 lines (./file-refs.ts), and a line `{"skipped":key,…}` when they could not be read;
 *   4. the trailer: row counts per table, the files' count (version 2) and the SHA-256 of every byte
 *      before the trailer line.
 * Version 1 files (no files, no `files` in the header) are read as before.
 */
export const BACKUP_FORMAT = 'tasklane-backup';
export const BACKUP_FORMAT_VERSION = 2;

export const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  migrationLevel: z.number().int().min(0),
  createdAt: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  app: z.string().optional(),
  /** Version 2: whether the files' bytes follow the tables (absent, as in version 1: they do not). */
  files: z.boolean().optional(),
  /** Version 2: the driver the files were read from (for the operator; a restore writes to any). */
  fileStore: z.enum(['local', 's3']).optional(),
});
export type BackupHeader = z.infer<typeof headerSchema>;

export const tableLineSchema = z.object({
  table: z.string(),
  columns: z.array(z.string()),
});

export const trailerSchema = z.object({
  trailer: z.object({
    rows: z.record(z.string(), z.number().int().min(0)),
    /** Version 2: the file records that hold bytes, their total size, and the ones marked skipped. */
    files: z
      .object({
        count: z.number().int().min(0),
        bytes: z.number().int().min(0),
        skipped: z.number().int().min(0),
      })
      .optional(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});

/**
 * The longest line a backup file may hold, in characters: far above any row the app stores (a task
 * is at most 32 kB of values, a request body at most 1 MB), and low enough that a restore never
 * holds much more than that of one line. The backup command refuses to write a longer one, and a
 * restore stops at the first longer one it reads (a crafted file is refused in time in proportion
 * to this, not to the file's decompressed size).
 */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;
export const MAX_LINE_LABEL = '16 MB';

/** An expected failure of a backup or a restore: the message is one sentence for the operator. */
export function backupError(message: string, code: ErrorCode = 'VALIDATION_ERROR'): AppError {
  return new AppError(code, message);
}

export const INCOMPLETE_MESSAGE =
  'The backup file is incomplete: it ends before its last line (copied while it was being written, or cut short). Take the backup again.';

/** A line of JSON checked against `schema`; anything else is a backupError with `message`. */
export function parseBackupLine<T>(line: string, schema: z.ZodType<T>, message: string): T {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw backupError(message);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw backupError(message);
  return parsed.data;
}

/** How many migrations this app's schema is made of (the drizzle journal; both dialects agree). */
export function appMigrationLevel(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * A value as the file stores it: what Drizzle's typed column gave (string, number, boolean, null),
 * with dates as ISO-8601 text in UTC (millisecond precision, which both dialects keep).
 */
export function encodeValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value ?? null;
}

/** The value Drizzle's typed column of the target expects for a stored one. */
export function decodeValue(column: BackupTable['columns'][number]['column'], value: unknown): unknown {
  if (value === null) return null;
  switch (column.dataType) {
    case 'date': {
      const date = typeof value === 'string' ? new Date(value) : undefined;
      if (!date || Number.isNaN(date.getTime())) throw backupError(badValue(column.name, value));
      return date;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw backupError(badValue(column.name, value));
      return value;
    case 'number':
      if (typeof value !== 'number') throw backupError(badValue(column.name, value));
      return value;
    case 'bigint':
      return BigInt(value as string);
    case 'string':
      if (typeof value !== 'string') throw backupError(badValue(column.name, value));
      return value;
    default:
      return value;
  }
}

function badValue(column: string, value: unknown): string {
  return `The backup file holds a value of the wrong kind for column ${column} (${JSON.stringify(value).slice(0, 40)}): it is damaged.`;
}
