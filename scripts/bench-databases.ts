/**
 * What the server benchmarks written in TypeScript share (bench:team-server, bench:history,
 * bench:backup): the databases they run on, and their percentiles.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/** The value after `name` on the command line (`--runs 50`), if any. */
export function arg(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

/**
 * Sets the environment a benchmark's server code reads before it is imported: a fresh data folder
 * (returned), a fixed secret, no logs, and with `teamSync`, team sync on with a cheap password hash
 * and limits no benchmark reaches.
 */
export function benchEnvironment(name: string, { teamSync }: { teamSync: boolean }): string {
  const dir = mkdtempSync(path.join(tmpdir(), `tasklane-bench-${name}-`));
  process.env.DATA_DIR = dir;
  process.env.AUTH_SECRET ??= 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz';
  process.env.LOG_LEVEL = 'silent';
  if (teamSync) {
    process.env.TEAM_SYNC = 'on';
    process.env.BCRYPT_COST = '4';
    process.env.RATE_LIMIT_SYNC_MAX = '10000000';
    process.env.RATE_LIMIT_LOGIN_MAX_FAILURES = '100000';
    process.env.RATE_LIMIT_LOGIN_IP_MAX_FAILURES = '100000';
  }
  return dir;
}

export interface BenchDatabase {
  name: 'SQLite' | 'PostgreSQL';
  url: string;
  /** Drops the database the run made (PostgreSQL). */
  drop?: () => Promise<void>;
}

/** Runs one statement on the PostgreSQL server `base` (its maintenance database). */
export async function adminQuery(base: string, query: string): Promise<void> {
  const client = new Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * The databases a run measures: a SQLite file in `dir`, and a fresh PostgreSQL database `name` on
 * TEST_DATABASE_URL's server when that is set. `only` ('sqlite' or 'postgres', from `--only`) keeps one.
 */
export async function benchDatabases(dir: string, name: string, only?: string): Promise<BenchDatabase[]> {
  const databases: BenchDatabase[] =
    only === 'postgres' ? [] : [{ name: 'SQLite', url: `file:${path.join(dir, 'bench.db')}` }];
  const base = only === 'sqlite' ? undefined : process.env.TEST_DATABASE_URL;
  if (base) databases.push(await freshPostgresDatabase(base, name));
  return databases;
}

/** A new, empty PostgreSQL database `name` on `base`'s server (one left from a run is dropped first). */
export async function freshPostgresDatabase(base: string, name: string): Promise<BenchDatabase> {
  await adminQuery(base, `drop database if exists "${name}" with (force)`);
  await adminQuery(base, `create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    url: url.toString(),
    drop: () => adminQuery(base, `drop database if exists "${name}" with (force)`),
  };
}

/** The `q` quantile (0 to 1) of `samples`, nearest rank; 0 for none. */
export function percentile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/** A small deterministic generator in [0, 1), so that every run seeds the same rows. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Runs `measure` on each database `benchDatabases` gives (`--only` keeps one), then drops them and
 * the data folder `dir`, whatever happens.
 */
export async function onBenchDatabases(
  dir: string,
  name: string,
  measure: (name: BenchDatabase['name'], url: string) => Promise<void>,
): Promise<void> {
  const dialects = await benchDatabases(dir, name, arg('--only'));
  try {
    for (const dialect of dialects) await measure(dialect.name, dialect.url);
  } finally {
    for (const dialect of dialects) await dialect.drop?.();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `send` timed `runs` times after `warmUp` untimed calls: the p50 and p99 in ms (one decimal), and
 * what the last warm-up answered (a benchmark reports its rows).
 */
export async function timeRequests<T>(
  send: () => Promise<T>,
  runs: number,
  warmUp: number,
): Promise<{ answer: T; p50: string; p99: string }> {
  let answer = await send();
  for (let index = 1; index < warmUp; index++) answer = await send();
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const start = performance.now();
    await send();
    samples.push(performance.now() - start);
  }
  return { answer, p50: percentile(samples, 0.5).toFixed(1), p99: percentile(samples, 0.99).toFixed(1) };
}
