/**
 * `npm run backup -- FILE [--without-files] [--skip-missing-files]` (`tasklane backup FILE` in the
 * Docker image): a consistent snapshot of every table of the configured database (DATABASE_URL),
 * taken while the app runs, then the bytes of every file on a task read from the configured file
 * store (STORAGE), written to FILE (mode 0600, via FILE.partial) or to stdout with `-`. Format:
 * docs/decisions/0035-backup-format.md.
 */
import { formatBytes } from '@/shared/format/bytes';
import { closeDatabase, getDatabase } from '@/server/db';
import { parseArgs, runCommand } from '@/server/backup/cli';
import { describeFile, fileCount, listFiles, SKIP_REASON_TEXT } from '@/server/backup/file-refs';
import { writeBackup, writeBackupFile, type BackupSummary } from '@/server/backup/write';

const USAGE = `Usage: backup FILE [--without-files] [--skip-missing-files]      (FILE "-" writes to stdout)
Writes a backup of the database named by DATABASE_URL (default: the SQLite file under DATA_DIR) and
of the files on tasks, read from the file store (STORAGE: the local folder or the S3 bucket).
  --without-files        leave the files' bytes out (back up the bucket or folder on its own)
  --skip-missing-files   back up the other files when some are missing or differ from their rows`;

function filesText(summary: BackupSummary): string {
  const { files } = summary;
  if (!files) return ' (without files)';
  if (!files.count) return '';
  return ` and ${fileCount(files.count)} (${formatBytes(files.bytes)}) from the ${summary.header.fileStore} file store`;
}

async function main(): Promise<void> {
  const { file, flags } = parseArgs(process.argv.slice(2), ['--without-files', '--skip-missing-files']);
  if (flags.has('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const started = Date.now();
  // The log writes its info lines to stdout: with the backup there, they go to stderr instead.
  if (file === '-') console.log = console.error.bind(console);
  const options = {
    files: !flags.has('--without-files'),
    skipMissingFiles: flags.has('--skip-missing-files'),
  };
  try {
    const database = await getDatabase();
    const summary =
      file === '-'
        ? await writeBackup(database, process.stdout, options)
        : await writeBackupFile(database, file, options);
    const { rows } = summary;
    const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
    process.stderr.write(
      `Backup of ${database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} written to ${file === '-' ? 'stdout' : file}: ${total} rows in ${Object.keys(rows).length} tables (${rows.users ?? 0} users, ${rows.sync_tasks ?? 0} tasks)${filesText(summary)} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
    );
    const skipped = summary.files?.skipped ?? [];
    if (skipped.length) {
      const named = skipped.map(
        ({ file: entry, reason }) => `${describeFile(entry)} (${SKIP_REASON_TEXT[reason]})`,
      );
      process.stderr.write(
        `Warning: ${fileCount(skipped.length)} left out of the backup: ${listFiles(named, 50)}.\n`,
      );
    }
  } finally {
    await closeDatabase();
  }
}

runCommand(USAGE, main);
