import { getTableColumns, getTableName, is, type Column, type Table } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * Which tables a backup holds, derived from a schema module (server/db/schema.*.ts) so that a
 * table added later is backed up without anyone remembering to list it: every table is in, except
 * the ones named here with the reason (docs/decisions/0035-backup-format.md).
 */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  // Counters of the rate limiter: they expire within the hour and say nothing about the team's data.
  rate_limits: 'rate-limit counters, short-lived',
};

/**
 * Tables the app writes by itself before anyone signs in (the start-up pass records its state in
 * sync_state, the migrations make the General project): a database holding only these counts as
 * empty for a restore. A project anyone made has a creator, so its database has users too.
 */
export const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set(['sync_state', 'projects']);

export interface BackupTable {
  /** The SQL name, as in the migrations (the same in both dialects). */
  name: string;
  table: Table;
  /** SQL column name → the schema's property name (what Drizzle's rows are keyed by). */
  columns: { name: string; key: string; column: Column }[];
  /** The columns a read walks the table by, in order: the primary key, else a unique index. */
  orderBy: Column[];
  /** Tables this one references (foreign keys), by SQL name. */
  parents: string[];
}

type SchemaModule = Record<string, unknown>;

function byName(table: Table, name: string | undefined): Column {
  const column = Object.values(getTableColumns(table)).find((entry) => entry.name === name);
  if (!column) throw new Error(`Table ${getTableName(table)} has an index on an expression, not a column`);
  return column;
}

function tableConfig(table: Table) {
  if (is(table, PgTable)) {
    const config = getPgTableConfig(table);
    return {
      primaryKeys: config.primaryKeys.map((key) => key.columns),
      // PostgreSQL's index entries are IndexedColumn objects (name, order): back to the table's columns.
      uniqueIndexes: config.indexes
        .filter((index) => index.config.unique && !index.config.where)
        .map((index) =>
          index.config.columns.map((entry) => byName(table, (entry as { name?: string }).name)),
        ),
      parents: config.foreignKeys.map((key) => getTableName(key.reference().foreignTable)),
    };
  }
  if (is(table, SQLiteTable)) {
    const config = getSqliteTableConfig(table);
    return {
      primaryKeys: config.primaryKeys.map((key) => key.columns),
      uniqueIndexes: config.indexes
        .filter((index) => index.config.unique && !index.config.where)
        .map((index) => index.config.columns as Column[]),
      parents: config.foreignKeys.map((key) => getTableName(key.reference().foreignTable)),
    };
  }
  throw new Error(`Not a PostgreSQL or SQLite table: ${getTableName(table)}`);
}

/** Every table a schema module exports, whatever it is called in the module. */
export function schemaTables(schema: SchemaModule): Table[] {
  return Object.values(schema).filter(
    (value): value is Table => is(value, PgTable) || is(value, SQLiteTable),
  );
}

function describeTable(table: Table): BackupTable {
  const name = getTableName(table);
  const config = tableConfig(table);
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    name: column.name,
    key,
    column,
  }));
  const primary = columns.filter(({ column }) => column.primary).map(({ column }) => column);
  const orderBy = primary.length ? primary : (config.primaryKeys[0] ?? config.uniqueIndexes[0] ?? []);
  if (!orderBy.length) {
    throw new Error(`Table ${name} has neither a primary key nor a unique index to read it by`);
  }
  return { name, table, columns, orderBy, parents: [...new Set(config.parents)] };
}

/**
 * The tables of `schema` a backup holds, parents before children (a restore inserts them in this
 * order and empties them in the reverse one). Ties keep the schema module's order.
 */
export function backupTables(schema: SchemaModule): BackupTable[] {
  const described = schemaTables(schema)
    .map(describeTable)
    .filter((table) => !(table.name in EXCLUDED_TABLES));
  const pending = new Map(described.map((table) => [table.name, table]));
  const ordered: BackupTable[] = [];
  while (pending.size) {
    const ready = [...pending.values()].find((table) =>
      table.parents.every((parent) => parent === table.name || !pending.has(parent)),
    );
    if (!ready) throw new Error(`Foreign keys form a cycle among ${[...pending.keys()].join(', ')}`);
    ordered.push(ready);
    pending.delete(ready.name);
  }
  return ordered;
}
