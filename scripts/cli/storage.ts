/**
 * `npm run storage -- verify [--hash] [--clean-orphans]` (`tasklane storage verify` in the Docker
 * image): compares the files on tasks the database lists (DATABASE_URL) with the bytes the file
 * store holds (STORAGE) and prints one line per missing, mismatched or orphaned file; exit code 1
 * when there is any. --hash reads every file and compares its SHA-256 too; --clean-orphans deletes
 * the orphans last written more than a day ago (server/backup/verify-store.ts).
 */
import { formatBytes } from '@/shared/format/bytes';
import { closeDatabase, getDatabase } from '@/server/db';
import { StorageError } from '@/server/storage';
import { parseArgs, runCommand, UsageError } from '@/server/backup/cli';
import { fileCount } from '@/server/backup/file-refs';
import { backupError } from '@/server/backup/format';
import { configuredStore } from '@/server/backup/store-check';
import { reportLines, storeHasProblems, verifyStore, type StoreReport } from '@/server/backup/verify-store';

const USAGE = `Usage: storage verify [--hash] [--clean-orphans]
Compares the files on tasks in the database named by DATABASE_URL with the file store (STORAGE): one
line per file whose bytes are missing, of another size than its row says, or that no row names
(orphaned); exit code 1 when there is any.
  --hash            read every file and compare its SHA-256 too
  --clean-orphans   delete the orphaned files last written more than a day ago`;

/** `4 files checked, 1 missing, 1 mismatched, 1 orphaned, 1 orphan removed (15 B)`. */
function summary(report: StoreReport): string {
  const { removed } = report;
  const parts = [
    `${fileCount(report.checked)} checked`,
    `${report.missing.length} missing`,
    `${report.mismatched.length} mismatched`,
    `${report.orphans.length} orphaned`,
  ];
  if (removed.length) {
    const bytes = removed.reduce((sum, orphan) => sum + orphan.size, 0);
    parts.push(
      `${removed.length} ${removed.length === 1 ? 'orphan' : 'orphans'} removed (${formatBytes(bytes)})`,
    );
  }
  return parts.join(', ');
}

async function main(): Promise<void> {
  const { file: command, flags } = parseArgs(process.argv.slice(2), ['--hash', '--clean-orphans']);
  if (flags.has('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command !== 'verify') throw new UsageError(`Unknown command ${command}.`);
  const store = configuredStore();
  try {
    const report = await verifyStore(await getDatabase(), store, {
      hash: flags.has('--hash'),
      cleanOrphans: flags.has('--clean-orphans'),
    }).catch((error: unknown) => {
      // The store's failures are one sentence naming the setting to check.
      throw error instanceof StorageError ? backupError(error.message) : error;
    });
    for (const line of reportLines(report)) process.stdout.write(`${line}\n`);
    if (storeHasProblems(report)) {
      throw backupError(`The ${store.driver} file store does not match the database: ${summary(report)}.`);
    }
    process.stdout.write(`The ${store.driver} file store matches the database: ${summary(report)}.\n`);
  } finally {
    await closeDatabase();
  }
}

runCommand(USAGE, main);
