/**
 * `npm run admin -- <command>`, and `tasklane admin <command>` in the Docker image (bundled by
 * scripts/prepare-standalone.mjs into .next/standalone/cli/admin.mjs). The commands are in
 * lib/server/admin-cli; this file only wires them to the process.
 */
import { runAdminCli } from '@/lib/server/admin-cli';
import { terminalIo } from '@/lib/server/admin-cli/terminal';
import { closeDatabase } from '@/lib/server/db';
import { closePasswordPool } from '@/lib/server/password';

// The command's result is its output, and a failure is told in one sentence: log lines below an
// error (a mail written to the outbox, the raw SMTP error with its stack) would only clutter it.
process.env.LOG_LEVEL = 'error';

async function main(): Promise<number> {
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
