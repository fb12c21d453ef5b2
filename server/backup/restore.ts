import 'server-only';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { count, eq, max, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { migrationsFolder, type DatabaseHandle, type Executor } from '../db';
import { appMigrationLevel, backupError, decodeValue } from './format';
import { BackupReader } from './reader';
import { FileRestorer, type FileRestoreOptions, type FilesRestored } from './restore-files';
import { BATCH_ROWS, handleTables, sqliteClient } from './snapshot';
import { BOOKKEEPING_TABLES, type BackupTable } from './tables';

/** The largest value of an `integer` column in PostgreSQL (the counters a restore moves on). */
const MAX_INT = 2 ** 31 - 1;

export interface RestoreOptions extends FileRestoreOptions {
  /** Replace whatever the database holds; without it a database with data is refused. */
  force?: boolean;
}

/** Reads and checks a backup's header against this app's migration level for `dialect`. */
export function openBackup(input: Readable, dialect: DatabaseHandle['dialect']): Promise<BackupReader> {
  return BackupReader.open(input, appMigrationLevel(migrationsFolder(dialect)));
}

/** Reads a backup file to its end (checksum, counts) without touching any database. */
export async function verifyBackupFile(file: string, dialect: DatabaseHandle['dialect']) {
  const reader = await openBackup(createReadStream(file), dialect);
  return reader.verify();
}

/** Runs `work` in one transaction on one connection: all of it lands, or nothing does. */
async function inTransaction<T>(handle: DatabaseHandle, work: (db: Executor) => Promise<T>): Promise<T> {
  if (handle.dialect === 'postgres') return handle.db.transaction((tx) => work(tx));
  const client = sqliteClient(handle);
  // IMMEDIATE: the write lock from the start, so no other writer slips in between the check and the rows.
  client.exec('BEGIN IMMEDIATE');
  try {
    const result = await work(handle.db as unknown as Executor);
    client.exec('COMMIT');
    return result;
  } catch (error) {
    if (client.inTransaction) client.exec('ROLLBACK');
    throw error;
  }
}

/** The tables holding rows, with how many (bookkeeping tables the app fills by itself left out). */
async function storedRows(db: Executor, tables: BackupTable[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    if (BOOKKEEPING_TABLES.has(table.name)) continue;
    const [row] = await db.select({ rows: count() }).from(table.table as PgTable);
    if (row && Number(row.rows) > 0) found.push(`${table.name}: ${row.rows}`);
  }
  return found;
}

async function insertBatch(db: Executor, table: BackupTable, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length) await db.insert(table.table as PgTable).values(rows);
}

/** Puts a backup's rows into their tables in batches, checking each table and its columns against this app's. */
class TableLoader {
  private readonly byName: Map<string, BackupTable>;
  private readonly seen = new Set<string>();
  private table: BackupTable | undefined;
  private order: BackupTable['columns'] = [];
  private batch: Record<string, unknown>[] = [];

  constructor(
    private readonly db: Executor,
    private readonly tables: BackupTable[],
  ) {
    this.byName = new Map(tables.map((table) => [table.name, table]));
  }

  async start(name: string, columns: string[]): Promise<void> {
    await this.flush();
    this.table = this.byName.get(name);
    if (!this.table || this.seen.has(name)) {
      throw backupError(`The backup file does not match this version's tables (table ${name}).`);
    }
    this.seen.add(name);
    const known = new Map(this.table.columns.map((column) => [column.name, column]));
    if (columns.length !== known.size || columns.some((column) => !known.has(column))) {
      throw backupError(`The backup file does not match this version's columns of table ${name}.`);
    }
    this.order = columns.map((column) => known.get(column)!);
  }

  async row(values: unknown[]): Promise<void> {
    const row: Record<string, unknown> = {};
    this.order.forEach((column, index) => (row[column.key] = decodeValue(column.column, values[index])));
    this.batch.push(row);
    if (this.batch.length >= BATCH_ROWS) await this.flush();
  }

  /** Inserts the rows waiting; a table that never came is refused. */
  async finish(): Promise<void> {
    await this.flush();
    const missing = this.tables.filter((entry) => !this.seen.has(entry.name)).map((entry) => entry.name);
    if (missing.length) {
      throw backupError(`The backup file lacks tables this version has (${missing.join(', ')}).`);
    }
  }

  async flush(): Promise<void> {
    if (this.table) await insertBatch(this.db, this.table, this.batch);
    this.batch = [];
  }
}

export interface RestoreSummary {
  /** Rows restored per table. */
  rows: Record<string, number>;
  files: FilesRestored;
}

/**
 * Loads the backup `reader` is positioned on into `handle`'s database, in one transaction: a
 * damaged file, a refused target or any failed insert leaves the database as it was. The tables
 * must be empty (bookkeeping apart) unless `force`, which empties them first. Every account's
 * session version then moves RESTORE_SESSION_GAP on, so every session ends (none that ended after
 * the backup comes back), and team sync's counter and pull floor move RESTORE_SEQ_GAP on, so every
 * browser takes its tasks again. Resolves to the rows restored per table (restoreBackupAndFiles
 * says what became of the files too).
 */
export async function restoreBackup(
  handle: DatabaseHandle,
  reader: BackupReader,
  options: RestoreOptions = {},
): Promise<Record<string, number>> {
  return (await restoreBackupAndFiles(handle, reader, options)).rows;
}

/**
 * restoreBackup, and the files: their bytes go into the configured store (whichever driver) as
 * they are read, each checked against its SHA-256; the files the backup does not hold must be in
 * the store already (FileRestorer.checkNotInBackup). All or nothing: on any failure the transaction
 * rolls back and the files this restore created are deleted again.
 */
export async function restoreBackupAndFiles(
  handle: DatabaseHandle,
  reader: BackupReader,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const tables = handleTables(handle);
  const files = new FileRestorer(options);
  try {
    const rows = await inTransaction(handle, async (db) => {
      const stored = await storedRows(db, tables);
      if (stored.length && !options.force) {
        throw backupError(
          `The database is not empty (rows in ${stored.join(', ')}): restore into an empty database, or add --force to replace everything in it with the backup.`,
          'CONFLICT',
        );
      }
      for (const table of [...tables].reverse()) await db.delete(table.table as PgTable);
      const loader = new TableLoader(db, tables);
      for await (const item of reader.items()) {
        if (item.kind === 'row') await loader.row(item.values);
        else if (item.kind === 'table') await loader.start(item.table, item.columns);
        else if (item.kind === 'file') {
          await loader.flush();
          await files.write(item);
        } else {
          await loader.finish();
          await files.checkNotInBackup(reader.files.notInBackup());
          await endEverySession(db, handle);
          await moveSyncCounterOn(db, handle);
          return item.rows;
        }
      }
      throw backupError('The backup file is incomplete.');
    });
    return { rows, files: files.result };
  } catch (error) {
    await files.undo();
    throw error;
  }
}

/**
 * How far a restore moves every account's session version on (a token is valid only at its
 * account's version, ADR 0022). The backup holds the versions and the logged-out tokens of its
 * moment: put back as they were, a session that ended after it (a logout, a password change, which
 * moves the version on by one) would work again. Which sessions ended since is unknown when the
 * database the backup replaces is lost, so all of them end: past this gap no token issued before
 * the restore matches its account, unless the account's version moved on more than a million times
 * between the backup and the restore (docs/decisions/0044-restore-ends-every-session.md). Room for
 * 2,147 restores in the column's 2^31.
 */
export const RESTORE_SESSION_GAP = 1_000_000;

async function endEverySession(db: Executor, handle: DatabaseHandle): Promise<void> {
  const { users } = handle.tables;
  const [row] = await db.select({ highest: max(users.sessionVersion) }).from(users);
  const highest = Number(row?.highest ?? 0);
  if (highest + RESTORE_SESSION_GAP > MAX_INT) {
    throw backupError(
      `An account's session version (${highest}) is too close to its largest value to move on after a restore, so nothing was restored: report this to the Tasklane maintainers.`,
    );
  }
  await db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + ${RESTORE_SESSION_GAP}` });
}

/**
 * How far a restore moves team sync's sequence counter on. Browsers hold a cursor (the last push
 * number they pulled); after a restore of an older backup theirs may be ahead of the restored
 * counter, and they would miss the pushes numbered below it. Past this gap, every cursor a browser
 * can hold is below the new floor, so its next pull is answered `reset` and it takes its tasks from
 * the server again (docs/decisions/0035-backup-format.md). Ten million pushes: years of a team's
 * work between the backup and the restore, and room for 200 restores in the column's 2^31.
 */
export const RESTORE_SEQ_GAP = 10_000_000;

async function moveSyncCounterOn(db: Executor, handle: DatabaseHandle): Promise<void> {
  const { syncState } = handle.tables;
  const [state] = await db.select({ lastSeq: syncState.lastSeq }).from(syncState).where(eq(syncState.id, 1));
  if (!state) return;
  const next = state.lastSeq + RESTORE_SEQ_GAP;
  if (next > MAX_INT) {
    throw backupError(
      `Team sync's counter (${state.lastSeq}) is too close to its largest value to move on after a restore, so nothing was restored: report this to the Tasklane maintainers.`,
    );
  }
  await db.update(syncState).set({ lastSeq: next, gcFloorSeq: next }).where(eq(syncState.id, 1));
}
