import * as pg from 'drizzle-orm/pg-core';
import * as lite from 'drizzle-orm/sqlite-core';

/**
 * The builders every table is declared with, once for both SQL dialects
 * (docs/decisions/0002-two-sql-dialects.md): each area's file (accounts.ts, tasks-sync.ts, …) is a
 * function of a `Dialect`, called once with `pgDialect` (schema.pg.ts) and once with `sqliteDialect`
 * (schema.sqlite.ts). Only three column kinds differ between the two:
 *
 * | builder | PostgreSQL | SQLite |
 * | --- | --- | --- |
 * | `timestamp` | `timestamp(3) with time zone`, read as a Date | integer milliseconds, read as a Date |
 * | `boolean` | `boolean` | integer 0/1, read as a boolean |
 * | `bigNumber` (a number beyond 2^31, e.g. milliseconds) | `bigint`, read as a number | integer |
 *
 * The rest (`text`, `integer`, indexes, checks, keys) is the same call in both.
 */
export const pgDialect = {
  table: pg.pgTable,
  text: pg.text,
  integer: pg.integer,
  index: pg.index,
  uniqueIndex: pg.uniqueIndex,
  check: pg.check,
  primaryKey: pg.primaryKey,
  timestamp: <N extends string>(name: N) =>
    pg.timestamp(name, { withTimezone: true, mode: 'date', precision: 3 }),
  boolean: <N extends string>(name: N) => pg.boolean(name),
  bigNumber: <N extends string>(name: N) => pg.bigint(name, { mode: 'number' }),
};

/**
 * The tables are typed as PostgreSQL's in both schemas: services are written once against that
 * typing (server/db/index.ts); tests/unit/schema-parity.test.ts checks that the two declare the
 * same tables.
 */
export type Dialect = typeof pgDialect;

/** SQLite's builders, typed as PostgreSQL's (see `Dialect`). */
export const sqliteDialect = {
  table: lite.sqliteTable,
  text: lite.text,
  integer: lite.integer,
  index: lite.index,
  uniqueIndex: lite.uniqueIndex,
  check: lite.check,
  primaryKey: lite.primaryKey,
  timestamp: (name: string) => lite.integer(name, { mode: 'timestamp_ms' }),
  boolean: (name: string) => lite.integer(name, { mode: 'boolean' }),
  bigNumber: (name: string) => lite.integer(name),
} as unknown as Dialect;

/** A required reference (`name` not null) to `column`, removed with the row it points at. */
export function belongsTo<N extends string>(d: Dialect, name: N, column: () => pg.AnyPgColumn) {
  return d.text(name).notNull().references(column, { onDelete: 'cascade' });
}
