import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { migrationsFolder, type DatabaseHandle } from '../db';
import { ensurePrivateFile } from '../private-files';
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

export interface BackupSummary {
  /** Rows written per table. */
  rows: Record<string, number>;
  header: BackupHeader;
}

/**
 * Writes a backup of every table (but the excluded ones) to `output`, read from one snapshot of the
 * database while the app goes on serving. `output` is ended when the backup is complete.
 */
export async function writeBackup(handle: DatabaseHandle, output: Writable): Promise<BackupSummary> {
  const gzip = createGzip();
  const finished = pipeline(gzip, output);
  // A failed destination (disk full, closed pipe) rejects `finished`; a write waiting for room must see it.
  finished.catch(() => undefined);
  const hash = createHash('sha256');
  const write = async (line: string) => {
    if (!gzip.write(line)) await Promise.race([once(gzip, 'drain'), finished]);
  };
  const writeHashed = (value: unknown, table?: string) => {
    const line = JSON.stringify(value) + '\n';
    // A restore refuses a longer line: a backup holding one could never be restored.
    if (line.length - 1 > MAX_LINE_CHARS) {
      throw backupError(
        `A row of table ${table} is longer than ${MAX_LINE_LABEL}, more than a restore reads, so no backup was written: report this to the Tasklane maintainers.`,
      );
    }
    hash.update(line);
    return write(line);
  };

  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    migrationLevel: appMigrationLevel(migrationsFolder(handle.dialect)),
    createdAt: new Date().toISOString(),
    dialect: handle.dialect,
    app: 'tasklane',
  };
  const rows: Record<string, number> = {};
  try {
    await writeHashed(header);
    await inSnapshot(handle, async (db) => {
      for (const table of handleTables(handle)) {
        await writeHashed({ table: table.name, columns: table.columns.map((column) => column.name) });
        let written = 0;
        for await (const batch of readTable(db, table)) {
          for (const row of batch) {
            await writeHashed(
              table.columns.map(({ key }) => encodeValue(row[key])),
              table.name,
            );
          }
          written += batch.length;
        }
        rows[table.name] = written;
      }
    });
    await write(JSON.stringify({ trailer: { rows, sha256: hash.digest('hex') } }) + '\n');
    gzip.end();
  } catch (error) {
    gzip.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  await finished;
  return { rows, header };
}

/**
 * Writes the backup to FILE.partial (mode 0600: it holds password hashes) and renames it to `file`
 * once complete, so a crash never leaves a half backup under the real name.
 */
export async function writeBackupFile(handle: DatabaseHandle, file: string): Promise<BackupSummary> {
  const folder = path.dirname(file);
  if (!existsSync(folder))
    throw backupError(`The folder ${folder} does not exist: create it, or write the backup elsewhere.`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  ensurePrivateFile(partial);
  try {
    const summary = await writeBackup(handle, createWriteStream(partial, { flags: 'w', mode: 0o600 }));
    renameSync(partial, file);
    return summary;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}
