import path from 'node:path';
import { Client } from 'pg';

export type TestDialect = 'sqlite' | 'postgres';

export function getTestDialect(): TestDialect {
  return process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

export const TEST_DATA_ROOT = path.join(process.cwd(), 'data', 'test');

/**
 * Each vitest run gets its own databases (named after the main process id, set by the global
 * setup), so two runs on one checkout never delete each other's data.
 */
export function getTestRunId(): string {
  return process.env.TEST_RUN_ID ?? 'local';
}

export function sqliteRunDir(runId = getTestRunId()): string {
  return path.join(TEST_DATA_ROOT, `run-${runId}`);
}

const PG_DATABASE_PREFIX = 'tasklane_test_r';
const pgDatabaseName = (workerId: string, runId = getTestRunId()) =>
  `${PG_DATABASE_PREFIX}${runId}_w${workerId}`;

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** One database per worker so test files running in parallel never share rows. */
export function postgresWorkerUrl(workerId: string): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(base);
  url.pathname = `/${pgDatabaseName(workerId)}`;
  return url.toString();
}

export function withAdminClient<T>(run: (client: Client) => Promise<T>): Promise<T> {
  return withClient(process.env.TEST_DATABASE_URL, run);
}

/** `run` with a connection of its own to `url`, closed afterwards. */
export async function withClient<T>(
  url: string | undefined,
  run: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Drops this run's databases, and those of earlier runs whose process is gone. */
export async function dropPostgresWorkerDatabases(runId = getTestRunId()): Promise<void> {
  await withAdminClient(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${PG_DATABASE_PREFIX}%`],
    );
    for (const { datname } of rows) {
      const owner = /^tasklane_test_r(\d+)_w/.exec(datname)?.[1];
      const stale = owner === runId || !owner || !isProcessAlive(Number(owner));
      if (stale) await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}

export async function ensurePostgresWorkerDatabase(workerId: string): Promise<string> {
  const name = pgDatabaseName(workerId);
  await withAdminClient(async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`create database "${name}"`);
      } catch (error) {
        // Another file of the same worker got there first.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  });
  return postgresWorkerUrl(workerId);
}
