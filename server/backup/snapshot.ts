import type BetterSqlite3 from 'better-sqlite3';
import { asc, gt, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseHandle, Executor } from '../db';
import { backupTables, type BackupTable } from './tables';

/** Rows per read and per insert: large enough to be quick, small enough that 50,000 tasks are never held at once. */
export const BATCH_ROWS = 500;

/** The raw better-sqlite3 connection under a SQLite handle (transactions that span awaits). */
export function sqliteClient(handle: DatabaseHandle): BetterSqlite3.Database {
  return (handle.db as unknown as { $client: BetterSqlite3.Database }).$client;
}

/** The tables of the handle's own schema module, in the order a backup holds them. */
export function handleTables(handle: DatabaseHandle): BackupTable[] {
  return backupTables(handle.tables as unknown as Record<string, unknown>);
}

/**
 * Runs `work` on one connection that sees one moment of the database, while the app keeps writing.
 * SQLite: a read transaction (in WAL mode writers go on; the snapshot is taken at the first read).
 * PostgreSQL: REPEATABLE READ READ ONLY, which neither blocks nor waits for writers.
 */
export async function inSnapshot<T>(handle: DatabaseHandle, work: (db: Executor) => Promise<T>): Promise<T> {
  if (handle.dialect === 'postgres') {
    return handle.db.transaction((tx) => work(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }
  const client = sqliteClient(handle);
  // A transaction already open on this connection (the app's own) would make the reads part of it.
  if (client.inTransaction) throw new Error('A backup needs a SQLite connection of its own.');
  client.exec('BEGIN DEFERRED');
  try {
    return await work(handle.db as unknown as Executor);
  } finally {
    client.exec('COMMIT');
  }
}

/** Rows strictly after `last` in the table's reading order. */
function after(table: BackupTable, last: Record<string, unknown>): SQL {
  const keyOf = (column: BackupTable['orderBy'][number]) =>
    // By name: a PostgreSQL composite key lists column objects other than the table's own.
    last[table.columns.find((entry) => entry.name === column.name)!.key];
  const [only, ...rest] = table.orderBy;
  if (only && !rest.length) return gt(only, keyOf(only));
  const columns = sql.join(table.orderBy, sql`, `);
  const values = sql.join(
    table.orderBy.map((column) => sql`${keyOf(column)}`),
    sql`, `,
  );
  return sql`(${columns}) > (${values})`;
}

/**
 * The table's rows in batches of BATCH_ROWS, in key order (keyset pages: each read starts after the
 * last key, so a large table costs the same per page from start to end).
 */
export async function* readTable(
  db: Executor,
  table: BackupTable,
): AsyncGenerator<Record<string, unknown>[], void, undefined> {
  let last: Record<string, unknown> | undefined;
  for (;;) {
    const rows: Record<string, unknown>[] = await db
      .select()
      .from(table.table as PgTable)
      .where(last ? after(table, last) : undefined)
      .orderBy(...table.orderBy.map((column) => asc(column)))
      .limit(BATCH_ROWS);
    if (rows.length) yield rows;
    if (rows.length < BATCH_ROWS) return;
    last = rows[rows.length - 1];
  }
}
