/**
 * `npm run restore -- FILE [--force]` (`tasklane restore FILE` in the Docker image): loads a backup
 * into the database named by DATABASE_URL, either dialect, in one transaction. The file is checked
 * to its end (checksum, counts) before the database is opened; `-` reads stdin, checked as it loads
 * (a damaged stream rolls back). A database with data is refused unless --force, which replaces it.
 * Every session ends (docs/decisions/0044-restore-ends-every-session.md).
 */
import { createReadStream, existsSync } from 'node:fs';
import { closeDatabase, getDatabase } from '@/server/db';
import { getEnv } from '@/server/env';
import { parseArgs, runCommand } from '@/server/backup/cli';
import { backupError } from '@/server/backup/format';
import { openBackup, restoreBackup, verifyBackupFile } from '@/server/backup/restore';

const USAGE = `Usage: restore FILE [--force]      (FILE "-" reads stdin)
Loads a backup into the database named by DATABASE_URL (default: the SQLite file under DATA_DIR).
The database must be empty; --force replaces everything in it. Stop the app first.`;

async function main(): Promise<void> {
  const { file, flags } = parseArgs(process.argv.slice(2), ['--force']);
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
    const rows = await restoreBackup(await getDatabase(), reader, { force: flags.has('--force') });
    const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
    process.stderr.write(
      `Restored ${total} rows (${rows.users ?? 0} users, ${rows.sync_tasks ?? 0} tasks) from the backup of ${reader.header.createdAt} (${reader.header.dialect}) into ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} in ${((Date.now() - started) / 1000).toFixed(1)} s. Start (or restart) Tasklane now: everyone signs in again, and browsers that sync take their team tasks from it again.\n`,
    );
  } finally {
    await closeDatabase();
  }
}

runCommand(USAGE, main);
