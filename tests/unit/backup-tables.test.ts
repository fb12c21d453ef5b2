import { getTableName, type Column } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { decodeValue, encodeValue } from '@/server/backup/format';
import { backupTables, EXCLUDED_TABLES, schemaTables } from '@/server/backup/tables';
import * as pgSchema from '@/server/db/schema.pg';
import * as sqliteSchema from '@/server/db/schema.sqlite';

const schemas = { postgres: pgSchema, sqlite: sqliteSchema } as const;

describe('the tables a backup holds (docs/decisions/0035-backup-format.md)', () => {
  for (const [dialect, schema] of Object.entries(schemas)) {
    it(`${dialect}: every table is backed up or excluded by name, and only existing tables are excluded`, () => {
      const all = schemaTables(schema).map(getTableName).sort();
      const backedUp = backupTables(schema).map((table) => table.name);
      const excluded = Object.keys(EXCLUDED_TABLES);
      expect([...backedUp, ...excluded].sort()).toEqual(all);
      expect(excluded.filter((name) => !all.includes(name))).toEqual([]);
      expect(backedUp).not.toContain('rate_limits');
      expect(backedUp).toEqual(
        expect.arrayContaining(['users', 'sync_tasks', 'sync_state', 'task_comments']),
      );
    });

    it(`${dialect}: parents come before the tables that reference them`, () => {
      const order = backupTables(schema).map((table) => table.name);
      for (const table of backupTables(schema)) {
        for (const parent of table.parents) {
          if (parent !== table.name)
            expect(order.indexOf(parent), `${parent} before ${table.name}`).toBeLessThan(
              order.indexOf(table.name),
            );
        }
      }
    });

    it(`${dialect}: no column takes its value from a sequence (a restore would have to move it on)`, () => {
      for (const table of backupTables(schema)) {
        for (const { column } of table.columns) {
          const flags = column as Column & { generatedIdentity?: unknown; autoIncrement?: boolean };
          expect(column.columnType, `${table.name}.${column.name}`).not.toMatch(/serial/i);
          expect(flags.generatedIdentity ?? flags.generated ?? flags.autoIncrement ?? undefined).toBeFalsy();
        }
      }
    });

    it(`${dialect}: each table is read in the order of a key that is text or a number`, () => {
      for (const table of backupTables(schema)) {
        expect(table.orderBy.length, table.name).toBeGreaterThan(0);
        for (const column of table.orderBy) expect(['string', 'number']).toContain(column.dataType);
      }
    });
  }

  it('a table added to the schema is backed up without being listed anywhere', () => {
    const added = sqliteTable('added_later', { id: text('id').primaryKey(), n: integer('n') });
    const names = backupTables({ ...sqliteSchema, added }).map((table) => table.name);
    expect(names).toContain('added_later');
  });

  it('a table with neither a primary key nor a unique index is refused, not skipped', () => {
    const keyless = sqliteTable('keyless', { n: integer('n') });
    expect(() => backupTables({ ...sqliteSchema, keyless })).toThrow(/keyless has neither a primary key/);
  });

  it('both dialects hold the same tables with the same columns in the same order', () => {
    const shape = (schema: Record<string, unknown>) =>
      backupTables(schema).map((table) => [table.name, table.columns.map((column) => column.name)]);
    expect(shape(pgSchema)).toEqual(shape(sqliteSchema));
  });
});

describe('values in the file', () => {
  const column = (table: object, key: string) =>
    backupTables(sqliteSchema)
      .flatMap((entry) => entry.columns)
      .find((entry) => entry.column === (table as Record<string, unknown>)[key])!.column;

  it('dates travel as ISO text to the millisecond, and come back as the same instant', () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    expect(encodeValue(at)).toBe('2026-03-04T05:06:07.089Z');
    expect(decodeValue(column(sqliteSchema.users, 'createdAt'), encodeValue(at))).toEqual(at);
  });

  it('booleans, numbers, text and null pass as they are; a value of the wrong kind is refused', () => {
    expect(decodeValue(column(sqliteSchema.syncTasks, 'deleted'), true)).toBe(true);
    expect(decodeValue(column(sqliteSchema.syncTasks, 'completedAt'), 1_795_310_633_085)).toBe(
      1_795_310_633_085,
    );
    expect(decodeValue(column(sqliteSchema.syncTasks, 'completedAt'), null)).toBeNull();
    expect(encodeValue(undefined)).toBeNull();
    expect(() => decodeValue(column(sqliteSchema.syncTasks, 'deleted'), 1)).toThrow(/wrong kind.*deleted/);
    expect(() => decodeValue(column(sqliteSchema.users, 'createdAt'), 'yesterday')).toThrow(/wrong kind/);
    expect(() => decodeValue(column(sqliteSchema.users, 'email'), 5)).toThrow(/wrong kind/);
  });
});
