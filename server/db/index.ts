import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import {
  drizzle as drizzlePg,
  type NodePgDatabase,
  type NodePgQueryResultHKT,
} from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import { getEnv, type DatabaseConfig } from '../env';
import { logger } from '../logger';
import { ensurePrivateDir, ensurePrivateFile } from '../private-files';
import * as pgSchema from './schema.pg';
import * as sqliteSchema from './schema.sqlite';

/**
 * Services are written once against the PostgreSQL typing. The SQLite schema declares the same
 * tables and columns (checked by tests/unit/schema-parity.test.ts), and the subset of the query
 * builder we use — select/insert/update/delete with where, orderBy, limit, returning and
 * onConflictDoUpdate, all awaited — behaves the same on both drivers. What differs (raw SQL,
 * transactions, error codes) stays in this file. See docs/decisions/0002-two-sql-dialects.md.
 */
export type Tables = typeof pgSchema;
export type Db = NodePgDatabase<Tables>;
/** The connection or a transaction on it: what `exclusive` hands to its callback. */
export type Executor = PgDatabase<NodePgQueryResultHKT, Tables>;

/**
 * What an `exclusive` call serialises against: calls with the same key never interleave, calls with
 * different keys may. `users`: the admin-user rules (first admin, last admin, self change).
 * `sync`: team sync pushes and tombstone purges. `labels`: the team's label set (count and unique names).
 * `comments`: comment writes (a retried post against the stored one, an edit against a delete).
 * `projects`: the projects' keys (unique), each project's managers (never none), and every change of a
 * project (its `event: projects` is sent at commit). `attachments`: a task's files (the per-task and
 * instance limits against the rows stored).
 */
export type LockKey = 'users' | 'sync' | 'labels' | 'comments' | 'projects' | 'attachments';

/** PostgreSQL advisory lock per key (any fixed numbers). */
const ADVISORY_KEYS: Record<LockKey, number> = {
  users: 482_117_301,
  sync: 482_117_302,
  labels: 482_117_303,
  comments: 482_117_304,
  projects: 482_117_305,
  attachments: 482_117_306,
};

/**
 * A query built on an executor and not awaited yet (an insert, update or delete), for `writeAll`.
 * Awaiting it runs it.
 */
export type WriteStatement = PromiseLike<unknown>;

export interface DatabaseHandle {
  dialect: DatabaseConfig['dialect'];
  db: Db;
  tables: Tables;
  /** One round trip to the server (or file). */
  ping(): Promise<void>;
  /**
   * Runs `work` while no other `exclusive` call with the same key runs, so a check and the write
   * that depends on it (the last-admin rule, a sync push's sequence number) cannot interleave with
   * another request's. PostgreSQL: one transaction holding the key's transaction-level advisory
   * lock, so it holds across app instances; `work` must use the executor it is given. SQLite: an
   * in-process queue per key (one process owns the file), no transaction: writes that must land
   * together go through `writeAll`. `work` should be short: callers wait for it.
   */
  exclusive<T>(work: (db: Executor) => Promise<T>, lockKey?: LockKey): Promise<T>;
  /**
   * Runs `statements` (not awaited yet) in order, all or none. SQLite: one synchronous burst
   * between BEGIN IMMEDIATE and COMMIT, so no other request's query runs inside the transaction
   * and a reader sees all of them or none. PostgreSQL: awaited one by one; they must be built on
   * the transaction `exclusive` gave, which commits or rolls back with them.
   */
  writeAll(statements: readonly WriteStatement[]): Promise<void>;
  close(): Promise<void>;
}

export function migrationsFolder(dialect: DatabaseConfig['dialect']): string {
  const base = getEnv().MIGRATIONS_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), 'drizzle');
  return path.join(/*turbopackIgnore: true*/ base, dialect === 'postgres' ? 'postgres' : 'sqlite');
}

/**
 * Runs calls with the same key one after another in this process. SQLite: the whole of `exclusive`
 * (one process owns the file). PostgreSQL: in front of the advisory lock, so a burst of pushes waits
 * here instead of each holding a pool connection while it waits for the lock (which ran the pool dry
 * and failed unrelated requests, such as logins, once the queue outlasted the connect timeout).
 */
function keyedQueue(): <T>(key: LockKey, work: () => Promise<T>) => Promise<T> {
  const queues = new Map<LockKey, Promise<unknown>>();
  return (key, work) => {
    const run = (queues.get(key) ?? Promise.resolve()).then(work);
    queues.set(
      key,
      run.catch(() => undefined),
    );
    return run;
  };
}

async function openSqlite(file: string): Promise<DatabaseHandle> {
  if (file !== ':memory:') {
    ensurePrivateDir(path.dirname(/*turbopackIgnore: true*/ file));
    // SQLite gives the -wal and -shm files it creates the database file's permissions, so a 0600
    // database keeps its write-ahead log private too.
    for (const suffix of ['', '-wal', '-shm']) {
      if (suffix === '' || existsSync(file + suffix)) ensurePrivateFile(file + suffix);
    }
  }
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzleSqlite(sqlite, { schema: sqliteSchema });
  migrateSqlite(db, { migrationsFolder: migrationsFolder('sqlite') });
  const inTurn = keyedQueue();
  return {
    dialect: 'sqlite',
    db: db as unknown as Db,
    tables: sqliteSchema as unknown as Tables,
    async ping() {
      sqlite.prepare('select 1').get();
    },
    exclusive(work, lockKey = 'users') {
      const executor = db as unknown as Executor;
      return inTurn(lockKey, () => work(executor));
    },
    async writeAll(statements) {
      // The driver is synchronous: each builder's run() executes it before returning.
      const runnable = statements as readonly unknown[] as readonly { run(): unknown }[];
      sqlite
        .transaction(() => {
          for (const statement of runnable) statement.run();
        })
        .immediate();
    },
    async close() {
      sqlite.close();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new Pool({
    connectionString: url,
    max: getEnv().DATABASE_POOL_MAX,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => logger.error('PostgreSQL pool error', error));
  const db = drizzlePg(pool, { schema: pgSchema });
  try {
    await migratePg(db, { migrationsFolder: migrationsFolder('postgres') });
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const inTurn = keyedQueue();
  return {
    dialect: 'postgres',
    db,
    tables: pgSchema,
    async ping() {
      await pool.query('select 1');
    },
    exclusive(work, lockKey = 'users') {
      return inTurn(lockKey, () =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_KEYS[lockKey]})`);
          return work(tx);
        }),
      );
    },
    async writeAll(statements) {
      for (const statement of statements) await statement;
    },
    async close() {
      await pool.end();
    },
  };
}

/** Opens the configured database and applies pending migrations. */
export function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  return config.dialect === 'postgres' ? openPostgres(config.url) : openSqlite(config.file);
}

let current: Promise<DatabaseHandle> | undefined;

/** The shared connection, opened (and migrated) on first use. A failed open is retried next time. */
export function getDatabase(): Promise<DatabaseHandle> {
  if (!current) {
    const opening = openDatabase(getEnv().database);
    current = opening;
    opening.catch(() => {
      if (current === opening) current = undefined;
    });
  }
  return current;
}

const closeHooks = new Set<() => Promise<void>>();

/**
 * `hook` runs when the shared connection closes: team sync's listener registers the end of its own
 * connection here (the database knows nothing of who listens on it).
 */
export function onCloseDatabase(hook: () => Promise<void>): void {
  closeHooks.add(hook);
}

/** Closes the shared connection and what registered with onCloseDatabase (tests, scripts, shutdown). */
export async function closeDatabase(): Promise<void> {
  const handle = current;
  current = undefined;
  for (const hook of closeHooks) await hook();
  if (handle) await (await handle.catch(() => undefined))?.close();
}

const UNIQUE_VIOLATION_CODES = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** True for a unique-constraint violation from either driver (Drizzle may wrap it as `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNIQUE_VIOLATION_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
