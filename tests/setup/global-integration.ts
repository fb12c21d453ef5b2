import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropPostgresWorkerDatabases, isProcessAlive, sqliteRunDir, TEST_DATA_ROOT } from './test-database';

/** Removes SQLite folders left by earlier runs whose process is gone. */
function removeStaleSqliteRuns(): void {
  if (!existsSync(TEST_DATA_ROOT)) return;
  for (const entry of readdirSync(TEST_DATA_ROOT)) {
    const owner = /^run-(\d+)$/.exec(entry)?.[1];
    if (!owner || !isProcessAlive(Number(owner)))
      rmSync(path.join(TEST_DATA_ROOT, entry), { recursive: true, force: true });
  }
}

/**
 * Each run starts from empty databases of its own (see getTestRunId): the workers, forked after
 * this runs, inherit TEST_RUN_ID. Databases are removed again when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = String(process.pid);
  process.env.TEST_RUN_ID = runId;
  // This runs in the main process, which does not get the project's env (TEST_DIALECT).
  const postgres = project.config.env?.TEST_DIALECT === 'postgres';
  if (postgres) await dropPostgresWorkerDatabases(runId);
  else removeStaleSqliteRuns();
  return async () => {
    if (postgres) await dropPostgresWorkerDatabases(runId);
    else rmSync(sqliteRunDir(runId), { recursive: true, force: true });
  };
}
