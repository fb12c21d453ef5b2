/**
 * `npm run backup -- FILE` (`tasklane backup FILE` in the Docker image): a consistent snapshot of
 * every table of the configured database (DATABASE_URL), taken while the app runs, written to FILE
 * (mode 0600, via FILE.partial) or to stdout with `-`. Format: docs/decisions/0035-backup-format.md.
 */
import { closeDatabase, getDatabase } from '@/server/db';
import { parseArgs, runCommand } from '@/server/backup/cli';
import { writeBackup, writeBackupFile } from '@/server/backup/write';

const USAGE = `Usage: backup FILE      (FILE "-" writes to stdout)
Writes a backup of the database named by DATABASE_URL (default: the SQLite file under DATA_DIR).`;

async function main(): Promise<void> {
  const { file, flags } = parseArgs(process.argv.slice(2), []);
  if (flags.has('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const started = Date.now();
  // The log writes its info lines to stdout: with the backup there, they go to stderr instead.
  if (file === '-') console.log = console.error.bind(console);
  try {
    const database = await getDatabase();
    const { rows } =
      file === '-' ? await writeBackup(database, process.stdout) : await writeBackupFile(database, file);
    const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
    process.stderr.write(
      `Backup of ${database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} written to ${file === '-' ? 'stdout' : file}: ${total} rows in ${Object.keys(rows).length} tables (${rows.users ?? 0} users, ${rows.sync_tasks ?? 0} tasks) in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
    );
  } finally {
    await closeDatabase();
  }
}

runCommand(USAGE, main);
