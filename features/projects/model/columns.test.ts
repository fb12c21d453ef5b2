import { describe, expect, it } from 'vitest';
import {
  COLUMN_KINDS,
  COLUMN_KIND_NAMES,
  COLUMN_NAME_MAX_LENGTH,
  DEFAULT_PROJECT_COLUMNS,
  PROJECT_COLUMNS_MAX,
  WIP_LIMIT_MAX,
  checkColumns,
  isColumnKind,
  type ColumnKind,
  type ProjectColumn,
} from './columns';

type Column = Omit<ProjectColumn, 'id'>;

const col = (name: string, kind: ColumnKind = 'todo', wipLimit: number | null = null): Column => ({
  name,
  kind,
  wipLimit,
});
const done = col('Done', 'done');

const COUNT = 'A board has 1 to 12 columns.';
const NAME = 'A column name is 1 to 30 characters.';
const WIP = 'A WIP limit is a whole number from 1 to 999.';
const NO_DONE = 'A board needs a Done column.';

describe('column kinds', () => {
  it('are todo, doing and done, named on the screens', () => {
    expect(COLUMN_KINDS).toEqual(['todo', 'doing', 'done']);
    expect(COLUMN_KIND_NAMES).toEqual({ todo: 'To do', doing: 'Doing', done: 'Done' });
  });

  it('recognises a kind and nothing else', () => {
    for (const kind of ['todo', 'doing', 'done']) expect(isColumnKind(kind), kind).toBe(true);
    for (const value of [
      'Done',
      'DONE',
      'to do',
      'in-progress',
      '',
      ' done',
      null,
      undefined,
      1,
      {},
      ['done'],
    ])
      expect(isColumnKind(value), String(value)).toBe(false);
  });

  it('keeps the limits', () => {
    expect(COLUMN_NAME_MAX_LENGTH).toBe(30);
    expect(PROJECT_COLUMNS_MAX).toBe(12);
    expect(WIP_LIMIT_MAX).toBe(999);
  });
});

describe('the default columns', () => {
  it('are To Do, In Progress and Completed, without WIP limits', () => {
    expect(DEFAULT_PROJECT_COLUMNS).toEqual([
      { id: 'todo', name: 'To Do', kind: 'todo', wipLimit: null },
      { id: 'doing', name: 'In Progress', kind: 'doing', wipLimit: null },
      { id: 'done', name: 'Completed', kind: 'done', wipLimit: null },
    ]);
  });

  it('pass the rules', () => {
    expect(checkColumns(DEFAULT_PROJECT_COLUMNS)).toBeNull();
  });
});

describe('checkColumns', () => {
  it('accepts 1 to 12 columns', () => {
    expect(checkColumns([done])).toBeNull();
    const twelve = [...Array.from({ length: 11 }, (_, index) => col(`Column ${index + 1}`)), done];
    expect(checkColumns(twelve)).toBeNull();
  });

  it('refuses no columns or more than 12', () => {
    expect(checkColumns([])).toBe('A board has 1 to 12 columns.');
    const thirteen = [...Array.from({ length: 12 }, (_, index) => col(`Column ${index + 1}`)), done];
    expect(checkColumns(thirteen)).toBe(COUNT);
  });

  it('refuses an empty name or one over 30 characters, after trimming', () => {
    expect(checkColumns([col(''), done])).toBe('A column name is 1 to 30 characters.');
    expect(checkColumns([col('   '), done])).toBe(NAME);
    expect(checkColumns([col('x'.repeat(31)), done])).toBe(NAME);
    expect(checkColumns([col('x'.repeat(30)), done])).toBeNull();
    expect(checkColumns([col(`  ${'x'.repeat(30)}  `), done])).toBeNull();
    expect(checkColumns([col('x'), done])).toBeNull();
    expect(checkColumns([col('To do', 'done', null), col('  ', 'todo')])).toBe(NAME);
  });

  it('refuses two columns of one name, ignoring case and surrounding spaces', () => {
    expect(checkColumns([col('Review'), col('Review'), done])).toBe('Two columns are named "Review".');
    expect(checkColumns([col('Review'), col('review', 'doing'), done])).toBe(
      'Two columns are named "review".',
    );
    expect(checkColumns([col('REVIEW'), col('  Review '), done])).toBe('Two columns are named "Review".');
    expect(checkColumns([col('Done', 'done'), col('done', 'done')])).toBe('Two columns are named "done".');
    expect(checkColumns([col('Review'), col('Reviewed'), done])).toBeNull();
  });

  it('compares names in one Unicode form', () => {
    const composed = 'Caf\u00e9';
    const decomposed = 'Cafe\u0301';
    expect(checkColumns([col(composed), col(decomposed), done])).toBe(
      `Two columns are named "${decomposed}".`,
    );
    expect(checkColumns([col('Été'), col('ÉTÉ'), done])).toBe('Two columns are named "ÉTÉ".');
  });

  it('accepts WIP limits that are whole numbers from 1 to 999, or none', () => {
    expect(checkColumns([col('A', 'doing', 1), done])).toBeNull();
    expect(checkColumns([col('A', 'doing', 999), done])).toBeNull();
    expect(checkColumns([col('A', 'doing', 5), col('B', 'done', 3)])).toBeNull();
    expect(checkColumns([col('A', 'doing', null), done])).toBeNull();
  });

  it('refuses any other WIP limit', () => {
    expect(checkColumns([col('A', 'doing', 0), done])).toBe('A WIP limit is a whole number from 1 to 999.');
    expect(checkColumns([col('A', 'doing', 1000), done])).toBe(WIP);
    expect(checkColumns([col('A', 'doing', 1.5), done])).toBe(WIP);
    for (const limit of [-1, 0.5, 998.9, NaN, Infinity, -Infinity]) {
      expect(checkColumns([col('A', 'doing', limit), done]), String(limit)).toBe(WIP);
    }
    expect(checkColumns([col('A', 'done', 0)])).toBe(WIP);
  });

  it('refuses a board without a Done column', () => {
    expect(checkColumns([col('To Do', 'todo'), col('Doing', 'doing')])).toBe('A board needs a Done column.');
    expect(checkColumns([col('Done', 'todo')])).toBe(NO_DONE);
    expect(checkColumns([col('Completed', 'doing')])).toBe(NO_DONE);
  });

  it('accepts a board of several Done columns, anywhere', () => {
    expect(checkColumns([col('Shipped', 'done'), col('To Do'), col('Archived', 'done')])).toBeNull();
  });

  it('says the first problem it meets', () => {
    expect(checkColumns(Array.from({ length: 13 }, () => col('')))).toBe(COUNT);
    expect(checkColumns([col(''), col('A', 'doing', 0)])).toBe(NAME);
    expect(checkColumns([col('A', 'doing', 0), col('')])).toBe(WIP);
    expect(checkColumns([col('A'), col('a', 'doing', 0)])).toBe('Two columns are named "a".');
    expect(checkColumns([col('A', 'todo', 0), col('B', 'todo')])).toBe(WIP);
  });
});

describe('checkColumns counts characters, not UTF-16 units', () => {
  it('takes a name of 30 emoji and refuses 31', () => {
    const base = DEFAULT_PROJECT_COLUMNS.slice(1);
    expect(checkColumns([{ name: '🚀'.repeat(30), kind: 'todo', wipLimit: null }, ...base])).toBeNull();
    expect(checkColumns([{ name: '🚀'.repeat(31), kind: 'todo', wipLimit: null }, ...base])).toBe(
      'A column name is 1 to 30 characters.',
    );
  });
});
