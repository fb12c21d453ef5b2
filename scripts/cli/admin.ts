/**
 * `npm run admin -- <command>`, and `tasklane admin <command>` in the Docker image (bundled by
 * scripts/prepare-standalone.mjs into .next/standalone/cli/admin.mjs). The commands are in
 * server/entry/admin-cli; this file only wires them to the process.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runAdminCli } from '@/server/entry/admin-cli';
import { terminalIo } from '@/server/entry/admin-cli/terminal';
import { closeDatabase } from '@/server/db';
import { closePasswordPool } from '@/server/password';

// The command's result is its output, and a failure is told in one sentence: log lines below an
// error (a mail written to the outbox, the raw SMTP error with its stack) would only clutter it.
process.env.LOG_LEVEL = 'error';

async function main(): Promise<number> {
  // Like the server, the command line finds its password worker (and, unless DATA_DIR and
  // MIGRATIONS_DIR say otherwise, the data and the migrations) from the working directory.
  if (!existsSync(path.join(process.cwd(), 'server/password-worker.cjs'))) {
    process.stderr.write(
      `Run this command from the app's folder (the project's root, or /app in the Docker image), not ${process.cwd()}.\n`,
    );
    return 1;
  }
  const status = await runAdminCli(process.argv.slice(2), terminalIo());
  await Promise.allSettled([closeDatabase(), closePasswordPool()]);
  return status;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    process.stderr.write(`The command failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
