import 'server-only';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { migrationsFolder, type DatabaseHandle, type Executor } from '../db';
import { ensurePrivateFile } from '../private-files';
import type { FileStore } from '../storage';
import { CompressedOutput, FILES_COMPRESSION } from './compressed-output';
import { ATTACHMENTS_TABLE } from './file-refs';
import {
  appMigrationLevel,
  backupError,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  encodeValue,
  MAX_LINE_CHARS,
  MAX_LINE_LABEL,
  type BackupHeader,
} from './format';
import { handleTables, inSnapshot, readTable } from './snapshot';
import { configuredStore } from './store-check';
import { filesProblemMessage, writeFiles, type FilesWritten } from './write-files';

export interface BackupOptions {
  /** Whether the files' bytes go in (the default); false for a store backed up on its own. */
  files?: boolean;
  /** The store to read them from (default: the configured one, getFileStore()). */
  store?: FileStore;
  /** Back up the other files when some are missing or differ from their rows (listed in the summary). */
  skipMissingFiles?: boolean;
}

export interface BackupSummary {
  /** Rows written per table. */
  rows: Record<string, number>;
  header: BackupHeader;
  /** The files, when included: how many and their bytes, and the ones left out. */
  files?: FilesWritten;
}

/**
 * Writes a backup of every table (but the excluded ones) to `output`, read from one snapshot of the
 * database while the app goes on serving, then (unless `files: false`) the bytes of every file the
 * snapshot's `task_attachments` rows name, read from the file store. Files whose bytes are missing
 * or differ fail the backup, naming them, unless `skipMissingFiles`. `output` is ended when the
 * backup is complete.
 */
export async function writeBackup(
  handle: DatabaseHandle,
  output: Writable,
  options: BackupOptions = {},
): Promise<BackupSummary> {
  const out = new CompressedOutput(output);
  const hash = createHash('sha256');
  const writeLine = (line: string) => {
    hash.update(line + '\n');
    return out.write(line + '\n');
  };
  const store = options.files === false ? undefined : (options.store ?? configuredStore());
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    migrationLevel: appMigrationLevel(migrationsFolder(handle.dialect)),
    createdAt: new Date().toISOString(),
    dialect: handle.dialect,
    app: 'tasklane',
    files: store !== undefined,
    ...(store ? { fileStore: store.driver } : {}),
  };
  try {
    await writeLine(JSON.stringify(header));
    const { rows, files } = await inSnapshot(handle, async (db) => {
      const rows = await writeTables(db, handle, writeLine);
      if (!store) return { rows, files: undefined };
      const table = handleTables(handle).find((entry) => entry.name === ATTACHMENTS_TABLE)!;
      await out.nextMember(FILES_COMPRESSION);
      return { rows, files: await writeFiles(db, table, store, header.createdAt, writeLine) };
    });
    if (files?.skipped.length && !options.skipMissingFiles) {
      throw backupError(filesProblemMessage(files.skipped), 'CONFLICT');
    }
    const fileCounts = files
      ? { count: files.count, bytes: files.bytes, skipped: files.skipped.length }
      : { count: 0, bytes: 0, skipped: 0 };
    const trailer = { rows, files: fileCounts, sha256: hash.digest('hex') };
    await out.write(JSON.stringify({ trailer }) + '\n');
    await out.end();
    return { rows, header, ...(files ? { files } : {}) };
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/** Every table's line and rows, in order; resolves to the rows written per table. */
async function writeTables(
  db: Executor,
  handle: DatabaseHandle,
  writeLine: (line: string) => Promise<void>,
): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of handleTables(handle)) {
    await writeLine(
      JSON.stringify({ table: table.name, columns: table.columns.map((column) => column.name) }),
    );
    let written = 0;
    for await (const batch of readTable(db, table)) {
      for (const row of batch) {
        const line = JSON.stringify(table.columns.map(({ key }) => encodeValue(row[key])));
        // A restore refuses a longer line: a backup holding one could never be restored.
        if (line.length > MAX_LINE_CHARS) {
          throw backupError(
            `A row of table ${table.name} is longer than ${MAX_LINE_LABEL}, more than a restore reads, so no backup was written: report this to the Tasklane maintainers.`,
          );
        }
        await writeLine(line);
      }
      written += batch.length;
    }
    rows[table.name] = written;
  }
  return rows;
}

/**
 * Writes the backup to FILE.partial (mode 0600: it holds password hashes) and renames it to `file`
 * once complete, so a crash never leaves a half backup under the real name.
 */
export async function writeBackupFile(
  handle: DatabaseHandle,
  file: string,
  options: BackupOptions = {},
): Promise<BackupSummary> {
  const folder = path.dirname(file);
  if (!existsSync(folder))
    throw backupError(`The folder ${folder} does not exist: create it, or write the backup elsewhere.`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  ensurePrivateFile(partial);
  try {
    const summary = await writeBackup(
      handle,
      createWriteStream(partial, { flags: 'w', mode: 0o600 }),
      options,
    );
    renameSync(partial, file);
    return summary;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}
