import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Column, getTableName, is, SQL, sql, StringChunk } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import {
  check,
  getTableConfig as getSqliteTableConfig,
  index,
  integer,
  real,
  SQLiteTable,
  sqliteTable,
  text,
} from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as pgSchema from '@/server/db/schema.pg';
import * as sqliteSchema from '@/server/db/schema.sqlite';

/**
 * The two schema files must declare the same tables: services are written once against the
 * PostgreSQL typing and run on both (docs/decisions/0002-two-sql-dialects.md). Each dialect's tables
 * are reduced to a neutral shape, then compared field by field; every difference is reported as one
 * readable line.
 */

interface ColumnShape {
  dataType: string;
  /** Drizzle calls integers and floats both "number"; the SQL type tells them apart. */
  numberKind: 'integer' | 'float' | null;
  notNull: boolean;
  primary: boolean;
  isUnique: boolean;
  uniqueName: string | null;
  hasDefault: boolean;
  default: string | null;
  hasDefaultFn: boolean;
  hasOnUpdateFn: boolean;
  enumValues: string[] | null;
}

interface TableShape {
  name: string;
  columns: Record<string, ColumnShape>;
  indexes: Record<string, { columns: string[]; unique: boolean; where: string | null }>;
  foreignKeys: Record<
    string,
    { name: string; foreignTable: string; foreignColumns: string[]; onDelete: string; onUpdate: string }
  >;
  checks: Record<string, string>;
  primaryKeys: string[];
  uniqueConstraints: Record<string, string[]>;
}

/** SQL text with column references as their names, so the two dialects' fragments compare. */
function renderSql(value: SQL): string {
  return value.queryChunks
    .map((chunk) => {
      if (is(chunk, StringChunk)) return chunk.value.join('');
      if (is(chunk, Column)) return `"${chunk.name}"`;
      if (is(chunk, SQL)) return renderSql(chunk);
      return JSON.stringify(chunk);
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

function renderDefault(value: unknown): string | null {
  if (value === undefined) return null;
  if (is(value, SQL)) return `sql:${renderSql(value)}`;
  // A Date default would differ by dialect only in storage, not in meaning.
  if (value instanceof Date) return `date:${value.toISOString()}`;
  return JSON.stringify(value);
}

function columnShape(column: Column): ColumnShape {
  return {
    dataType: column.dataType,
    numberKind:
      column.dataType === 'number' ? (/int|serial/i.test(column.getSQLType()) ? 'integer' : 'float') : null,
    notNull: column.notNull,
    primary: column.primary,
    isUnique: column.isUnique,
    // Every column carries a generated uniqueName; it only means something on a unique column.
    uniqueName: column.isUnique ? (column.uniqueName ?? null) : null,
    hasDefault: column.hasDefault,
    default: renderDefault(column.default),
    hasDefaultFn: column.defaultFn !== undefined,
    hasOnUpdateFn: column.onUpdateFn !== undefined,
    enumValues: column.enumValues ? [...column.enumValues] : null,
  };
}

function indexColumnName(column: unknown): string {
  if (is(column, SQL)) return `sql:${renderSql(column)}`;
  if (column && typeof column === 'object' && 'name' in column && typeof column.name === 'string') {
    return column.name;
  }
  return String(column);
}

/** The dialect-free shape of one table, from either dialect's getTableConfig. */
function tableShape(table: SQLiteTable | PgTable): TableShape {
  const config = is(table, PgTable) ? getPgTableConfig(table) : getSqliteTableConfig(table as SQLiteTable);
  const shape: TableShape = {
    name: config.name,
    columns: {},
    indexes: {},
    foreignKeys: {},
    checks: {},
    primaryKeys: [],
    uniqueConstraints: {},
  };
  for (const column of config.columns) shape.columns[column.name] = columnShape(column);
  for (const { config: indexConfig } of config.indexes) {
    shape.indexes[indexConfig.name ?? '(unnamed)'] = {
      columns: indexConfig.columns.map(indexColumnName),
      unique: indexConfig.unique,
      where: indexConfig.where ? renderSql(indexConfig.where) : null,
    };
  }
  for (const foreignKey of config.foreignKeys) {
    const reference = foreignKey.reference();
    const key = reference.columns.map((column) => column.name).join(', ');
    shape.foreignKeys[key] = {
      name: foreignKey.getName(),
      foreignTable: getTableName(reference.foreignTable),
      foreignColumns: reference.foreignColumns.map((column) => column.name),
      // Drizzle leaves an unset action undefined; the database default is "no action" in both.
      onDelete: foreignKey.onDelete ?? 'no action',
      onUpdate: foreignKey.onUpdate ?? 'no action',
    };
  }
  for (const constraint of config.checks) shape.checks[constraint.name] = renderSql(constraint.value);
  for (const primaryKey of config.primaryKeys) {
    shape.primaryKeys.push(`${primaryKey.getName()}(${primaryKey.columns.map((c) => c.name).join(', ')})`);
  }
  for (const unique of config.uniqueConstraints) {
    shape.uniqueConstraints[unique.getName() ?? '(unnamed)'] = unique.columns.map((column) => column.name);
  }
  return shape;
}

/** The tables a schema module exports, by export name. */
function exportedTables(schema: Record<string, unknown>): Map<string, TableShape> {
  const tables = new Map<string, TableShape>();
  for (const [exportName, value] of Object.entries(schema)) {
    if (is(value, SQLiteTable) || is(value, PgTable)) tables.set(exportName, tableShape(value));
  }
  return tables;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function compareKeyed<T>(
  where: string,
  what: string,
  a: Record<string, T>,
  b: Record<string, T>,
  compare: (key: string, left: T, right: T) => string[],
): string[] {
  const differences: string[] = [];
  for (const key of Object.keys(a)) {
    if (!(key in b)) differences.push(`${where}: ${what} "${key}" only in the first schema`);
  }
  for (const key of Object.keys(b)) {
    if (!(key in a)) differences.push(`${where}: ${what} "${key}" only in the second schema`);
  }
  for (const key of Object.keys(a)) {
    if (key in b) differences.push(...compare(key, a[key] as T, b[key] as T));
  }
  return differences;
}

function compareFields<T extends object>(where: string, left: T, right: T): string[] {
  const differences: string[] = [];
  for (const field of Object.keys(left) as (keyof T)[]) {
    if (!same(left[field], right[field])) {
      differences.push(
        `${where}: ${String(field)} is ${JSON.stringify(left[field])} in the first schema, ${JSON.stringify(right[field])} in the second`,
      );
    }
  }
  return differences;
}

/** Every way two schema modules differ, one line each; empty when they declare the same tables. */
export function describeSchemaDifferences(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const left = Object.fromEntries(exportedTables(a));
  const right = Object.fromEntries(exportedTables(b));
  return compareKeyed('schema', 'table export', left, right, (exportName, ta, tb) => {
    const where = `table ${exportName}`;
    const differences: string[] = [];
    if (ta.name !== tb.name) {
      differences.push(`${where}: SQL name is "${ta.name}" in the first schema, "${tb.name}" in the second`);
    }
    differences.push(
      ...compareKeyed(where, 'column', ta.columns, tb.columns, (name, ca, cb) =>
        compareFields(`${where}.${name}`, ca, cb),
      ),
      ...compareKeyed(where, 'index', ta.indexes, tb.indexes, (name, ia, ib) =>
        compareFields(`${where} index ${name}`, ia, ib),
      ),
      ...compareKeyed(where, 'foreign key on', ta.foreignKeys, tb.foreignKeys, (name, fa, fb) =>
        compareFields(`${where} foreign key (${name})`, fa, fb),
      ),
      ...compareKeyed(where, 'check', ta.checks, tb.checks, (name, sa, sb) =>
        sa === sb
          ? []
          : [`${where} check ${name}: expression is ${sa} in the first schema, ${sb} in the second`],
      ),
      ...compareKeyed(
        where,
        'unique constraint',
        ta.uniqueConstraints,
        tb.uniqueConstraints,
        (name, ua, ub) => (same(ua, ub) ? [] : [`${where} unique ${name}: columns differ`]),
      ),
    );
    if (!same([...ta.primaryKeys].sort(), [...tb.primaryKeys].sort())) {
      differences.push(`${where}: composite primary keys differ`);
    }
    return differences;
  });
}

describe('schema.sqlite.ts and schema.pg.ts', () => {
  it('declare the same tables, columns, defaults, indexes, foreign keys and checks', () => {
    expect(describeSchemaDifferences(sqliteSchema, pgSchema)).toEqual([]);
  });

  it('actually compare something: the expected tables and details are seen', () => {
    const tables = exportedTables(sqliteSchema);
    expect([...tables.keys()].sort()).toEqual([
      'appSettings',
      'contactMessages',
      'emailConfirmations',
      'inboxDigests',
      'inboxItems',
      'invitations',
      'labels',
      'passwordResetTokens',
      'projectMembers',
      'projects',
      'rateLimits',
      'reminderSends',
      'reminderSettings',
      'revokedTokens',
      'setupMarks',
      'syncChanges',
      'syncConflicts',
      'syncRevocations',
      'syncState',
      'syncTasks',
      'taskAttachments',
      'taskComments',
      'taskKeys',
      'userIdentities',
      'userTwoFactor',
      'users',
    ]);
    const users = tables.get('users')!;
    expect(Object.keys(users.columns)).toEqual([
      'id',
      'full_name',
      'email',
      'password_hash',
      'role',
      'created_at',
      'updated_at',
      'session_version',
      'email_confirmed_at',
      'awaiting_confirmation',
    ]);
    expect(users.columns.role).toMatchObject({
      hasDefault: true,
      default: '"user"',
      enumValues: ['user', 'admin'],
    });
    expect(users.columns.email).toMatchObject({
      isUnique: true,
      notNull: true,
      uniqueName: 'users_email_unique',
    });
    expect(users.columns.created_at?.dataType).toBe('date');
    expect(users.indexes).toEqual({
      users_role_idx: { columns: ['role'], unique: false, where: null },
      users_created_at_idx: { columns: ['created_at'], unique: false, where: null },
    });
    expect(users.checks).toEqual({ users_role_check: `"role" in ('user', 'admin')` });
    expect(exportedTables(pgSchema).get('passwordResetTokens')?.foreignKeys).toEqual({
      user_id: expect.objectContaining({
        foreignTable: 'users',
        foreignColumns: ['id'],
        onDelete: 'cascade',
      }),
    });
  });

  it('sees the team sync tables: ownerless tasks stay, one op log row per (client, op)', () => {
    const tables = exportedTables(pgSchema);
    expect(tables.get('syncTasks')?.foreignKeys).toEqual({
      owner_id: expect.objectContaining({ foreignTable: 'users', onDelete: 'set null' }),
      assignee_id: expect.objectContaining({ foreignTable: 'users', onDelete: 'set null' }),
    });
    expect(tables.get('syncTasks')?.indexes).toEqual({
      sync_tasks_version_uid_idx: { columns: ['version', 'uid'], unique: false, where: null },
      sync_tasks_owner_version_idx: { columns: ['owner_id', 'version'], unique: false, where: null },
      sync_tasks_assignee_version_idx: { columns: ['assignee_id', 'version'], unique: false, where: null },
      sync_tasks_completed_uid_idx: { columns: ['completed_at', 'uid'], unique: false, where: null },
      sync_tasks_counts_idx: { columns: ['board_column', 'progress'], unique: false, where: null },
      sync_tasks_project_counts_idx: {
        columns: ['project_id', 'board_column', 'progress'],
        unique: false,
        where: null,
      },
      sync_tasks_project_version_idx: {
        columns: ['project_id', 'version', 'uid'],
        unique: false,
        where: null,
      },
      sync_tasks_pending_idx: {
        columns: ['created_at', 'uid'],
        unique: false,
        where: '"board_column" is not null and ("progress" is null or "progress" <> 100)',
      },
    });
    expect(tables.get('syncChanges')?.indexes.sync_changes_client_op_idx).toEqual({
      columns: ['client_id', 'op_id'],
      unique: true,
      where: null,
    });
    expect(tables.get('syncTasks')?.columns.deleted?.dataType).toBe('boolean');
  });

  it('sees the comments table: purging a task removes its comments, deleting an account keeps them', () => {
    const comments = exportedTables(pgSchema).get('taskComments');
    expect(comments?.foreignKeys).toEqual({
      task_uid: expect.objectContaining({ foreignTable: 'sync_tasks', onDelete: 'cascade' }),
      author_id: expect.objectContaining({ foreignTable: 'users', onDelete: 'set null' }),
    });
    expect(comments?.indexes).toEqual({
      task_comments_task_created_idx: {
        columns: ['task_uid', 'created_at', 'id'],
        unique: false,
        where: null,
      },
      task_comments_task_changed_idx: {
        columns: ['task_uid', 'changed_at', 'id'],
        unique: false,
        where: null,
      },
    });
  });

  it('is symmetric: comparing the other way round finds nothing either', () => {
    expect(describeSchemaDifferences(pgSchema, sqliteSchema)).toEqual([]);
  });
});

describe('describeSchemaDifferences', () => {
  // A stand-in for schema.sqlite.ts's rateLimits, altered one way per case.
  const withRateLimits = (rateLimits: SQLiteTable) => ({ ...sqliteSchema, rateLimits });
  const columns = () => ({
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: integer('expire', { mode: 'timestamp_ms' }),
  });

  it('finds nothing for a faithful copy of a table', () => {
    expect(
      describeSchemaDifferences(withRateLimits(sqliteTable('rate_limits', columns())), pgSchema),
    ).toEqual([]);
  });

  it.each([
    [
      'a missing column',
      () => {
        const { expire: _expire, ...rest } = columns();
        return withRateLimits(sqliteTable('rate_limits', rest));
      },
      'table rateLimits: column "expire" only in the second schema',
    ],
    [
      'an extra column',
      () => withRateLimits(sqliteTable('rate_limits', { ...columns(), note: text('note') })),
      'table rateLimits: column "note" only in the first schema',
    ],
    [
      'a nullable column',
      () =>
        withRateLimits(sqliteTable('rate_limits', { ...columns(), points: integer('points').default(0) })),
      'table rateLimits.points: notNull is false in the first schema, true in the second',
    ],
    [
      'another default',
      () =>
        withRateLimits(
          sqliteTable('rate_limits', { ...columns(), points: integer('points').notNull().default(1) }),
        ),
      'table rateLimits.points: default is "1" in the first schema, "0" in the second',
    ],
    [
      'no default',
      () => withRateLimits(sqliteTable('rate_limits', { ...columns(), points: integer('points').notNull() })),
      'table rateLimits.points: hasDefault is false in the first schema, true in the second',
    ],
    [
      'another data type',
      () => withRateLimits(sqliteTable('rate_limits', { ...columns(), expire: integer('expire') })),
      'table rateLimits.expire: dataType is "number" in the first schema, "date" in the second',
    ],
    [
      'a float instead of an integer',
      () =>
        withRateLimits(
          sqliteTable('rate_limits', { ...columns(), points: real('points').notNull().default(0) }),
        ),
      'table rateLimits.points: numberKind is "float" in the first schema, "integer" in the second',
    ],
    [
      'a unique column',
      () =>
        withRateLimits(
          sqliteTable('rate_limits', {
            ...columns(),
            expire: integer('expire', { mode: 'timestamp_ms' }).unique(),
          }),
        ),
      'table rateLimits.expire: isUnique is true in the first schema, false in the second',
    ],
    [
      'no primary key',
      () => withRateLimits(sqliteTable('rate_limits', { ...columns(), key: text('key').notNull() })),
      'table rateLimits.key: primary is false in the first schema, true in the second',
    ],
    [
      'an extra index',
      () =>
        withRateLimits(
          sqliteTable('rate_limits', columns(), (table) => [
            index('rate_limits_expire_idx').on(table.expire),
          ]),
        ),
      'table rateLimits: index "rate_limits_expire_idx" only in the first schema',
    ],
    [
      'an extra check',
      () =>
        withRateLimits(
          sqliteTable('rate_limits', columns(), (table) => [
            check('points_positive', sql`${table.points} >= 0`),
          ]),
        ),
      'table rateLimits: check "points_positive" only in the first schema',
    ],
    [
      'another SQL table name',
      () => ({ ...sqliteSchema, rateLimits: sqliteTable('rate_limit', columns()) }),
      'table rateLimits: SQL name is "rate_limit" in the first schema, "rate_limits" in the second',
    ],
    [
      'a missing table',
      () => {
        const { rateLimits: _rateLimits, ...rest } = sqliteSchema;
        return rest;
      },
      'schema: table export "rateLimits" only in the second schema',
    ],
  ])('reports %s', (_label, build, expected) => {
    expect(describeSchemaDifferences(build(), pgSchema)).toContain(expected);
  });

  it('reports a changed index column, check expression and foreign-key action', () => {
    const users = sqliteTable(
      'users',
      {
        id: text('id').primaryKey(),
        fullName: text('full_name').notNull(),
        email: text('email').notNull().unique(),
        passwordHash: text('password_hash').notNull(),
        role: text('role', { enum: ['user', 'admin'] })
          .notNull()
          .default('user'),
        createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
        updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
        sessionVersion: integer('session_version').notNull().default(0),
        emailConfirmedAt: integer('email_confirmed_at', { mode: 'timestamp_ms' }),
        awaitingConfirmation: integer('awaiting_confirmation', { mode: 'boolean' }).notNull().default(false),
      },
      (table) => [
        index('users_role_idx').on(table.email),
        index('users_created_at_idx').on(table.createdAt),
        check('users_role_check', sql`${table.role} in ('user')`),
      ],
    );
    const passwordResetTokens = sqliteTable('password_reset_tokens', {
      id: text('id').primaryKey(),
      tokenHash: text('token_hash').notNull().unique(),
      userId: text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'set null' }),
      expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
      usedAt: integer('used_at', { mode: 'timestamp_ms' }),
      createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    });
    const differences = describeSchemaDifferences({ ...sqliteSchema, users, passwordResetTokens }, pgSchema);
    expect(differences).toEqual(
      expect.arrayContaining([
        'table users index users_role_idx: columns is ["email"] in the first schema, ["role"] in the second',
        `table users check users_role_check: expression is "role" in ('user') in the first schema, "role" in ('user', 'admin') in the second`,
        'table passwordResetTokens foreign key (user_id): onDelete is "set null" in the first schema, "cascade" in the second',
        'table passwordResetTokens: index "password_reset_tokens_user_id_idx" only in the second schema',
      ]),
    );
    expect(differences).toHaveLength(4);
  });
});

describe('migrations', () => {
  const root = path.join(import.meta.dirname, '..', '..', 'drizzle');
  const journal = (dialect: 'sqlite' | 'postgres') =>
    JSON.parse(readFileSync(path.join(root, dialect, 'meta', '_journal.json'), 'utf8')) as {
      dialect: string;
      entries: { idx: number; tag: string }[];
    };

  it('list the same migrations, by tag and order, for both dialects', () => {
    const sqlite = journal('sqlite');
    const postgres = journal('postgres');
    expect(sqlite.dialect).toBe('sqlite');
    expect(postgres.dialect).toBe('postgresql');
    expect(sqlite.entries.length).toBeGreaterThan(0);
    expect(postgres.entries).toHaveLength(sqlite.entries.length);
    expect(postgres.entries.map((entry) => entry.tag)).toEqual(sqlite.entries.map((entry) => entry.tag));
    for (const { entries } of [sqlite, postgres]) {
      expect(entries.map((entry) => entry.idx)).toEqual(entries.map((_, position) => position));
    }
  });

  it('have a SQL file for every journal entry and no stray SQL files', () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const tags = journal(dialect).entries.map((entry) => `${entry.tag}.sql`);
      const files = readdirSync(path.join(root, dialect)).filter((file) => file.endsWith('.sql'));
      expect(files.sort(), dialect).toEqual([...tags].sort());
    }
  });
});
