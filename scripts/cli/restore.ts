/**
 * `npm run restore -- FILE [--force] [--force-missing-files] [--verify]` (`tasklane restore FILE` in
 * the Docker image): loads a backup into the database named by DATABASE_URL, either dialect, in one
 * transaction, and its files into the configured file store (STORAGE, either driver: moving from the
 * local folder to S3 or back is a restore). The file is checked to its end (checksum, counts, every
 * file's SHA-256) before the database is opened; `-` reads stdin, checked as it loads (a damaged
 * stream rolls back, and the files written so far are deleted). A database with data is refused
 * unless --force, which replaces it. Files the backup does not hold (a backup --without-files) must
 * be in the store already. Every session ends (docs/decisions/0044-restore-ends-every-session.md).
 */
import { createReadStream, existsSync } from 'node:fs';
import { formatBytes } from '@/shared/format/bytes';
import { closeDatabase, getDatabase } from '@/server/db';
import { getEnv } from '@/server/env';
import { parseArgs, runCommand } from '@/server/backup/cli';
import { fileCount, listFiles } from '@/server/backup/file-refs';
import { backupError } from '@/server/backup/format';
import type { FilesRestored } from '@/server/backup/restore-files';
import { openBackup, restoreBackupAndFiles, verifyBackupFile } from '@/server/backup/restore';

const USAGE = `Usage: restore FILE [--force] [--force-missing-files] [--verify]      (FILE "-" reads stdin)
Loads a backup into the database named by DATABASE_URL (default: the SQLite file under DATA_DIR) and
its files into the file store (STORAGE). The database must be empty; --force replaces everything in
it. Stop the app first.
  --force-missing-files  restore although some files are neither in the backup nor in the store
  --verify               for files the backup does not hold, compare the stored bytes' SHA-256 too`;

function filesText(files: FilesRestored): string {
  const parts: string[] = [];
  if (files.written) parts.push(`${fileCount(files.written)} (${formatBytes(files.bytes)}) written`);
  if (files.alreadyStored) parts.push(`${fileCount(files.alreadyStored)} already there`);
  return parts.length ? ` and files into the ${files.driver} file store (${parts.join(', ')})` : '';
}

async function main(): Promise<void> {
  const { file, flags } = parseArgs(process.argv.slice(2), ['--force', '--force-missing-files', '--verify']);
  if (flags.has('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const { dialect } = getEnv().database;
  if (file !== '-') {
    if (!existsSync(file)) throw backupError(`There is no file ${file}.`);
    await verifyBackupFile(file, dialect);
  }
  const started = Date.now();
  const reader = await openBackup(file === '-' ? process.stdin : createReadStream(file), dialect);
  try {
    const { rows, files } = await restoreBackupAndFiles(await getDatabase(), reader, {
      force: flags.has('--force'),
      forceMissingFiles: flags.has('--force-missing-files'),
      verifyStoredFiles: flags.has('--verify'),
    });
    const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
    process.stderr.write(
      `Restored ${total} rows (${rows.users ?? 0} users, ${rows.sync_tasks ?? 0} tasks)${filesText(files)} from the backup of ${reader.header.createdAt} (${reader.header.dialect}) into ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} in ${((Date.now() - started) / 1000).toFixed(1)} s. Start (or restart) Tasklane now: everyone signs in again, and browsers that sync take their team tasks from it again.\n`,
    );
    if (files.missing.length) {
      process.stderr.write(
        `Warning: ${fileCount(files.missing.length)} restored without their bytes (--force-missing-files): ${listFiles(files.missing, 50)}.\n`,
      );
    }
  } finally {
    await closeDatabase();
  }
}

runCommand(USAGE, main);
