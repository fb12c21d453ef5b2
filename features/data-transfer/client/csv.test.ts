import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taskSchema } from '@/features/tasks/model/task-read';
import type { Task } from '@/features/tasks/model/task-types';
import { escapeFormula, formatCsv, parseCsv, unescapeFormula, type CsvCell } from '../model/csv';
import { formatTasksCsv, TASK_CSV_COLUMNS } from './export';
import { readImportText } from './import-read';

describe('formatCsv', () => {
  it('quotes only the cells that need it, doubles quotes and ends every record with CRLF', () => {
    expect(
      formatCsv([
        ['a', 'b,c', 'say "hi"', 'two\nlines', 'cr\rhere'],
        ['x', null, '', 'é ✓', 'plain'],
      ]),
    ).toBe('a,"b,c","say ""hi""","two\nlines","cr\rhere"\r\nx,,"",é ✓,plain\r\n');
  });
});

describe('parseCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line ends', () => {
    expect(parseCsv('id,title\r\n1,"a, ""b""\r\nc"\r\n')).toEqual({
      ok: true,
      records: [
        ['id', 'title'],
        ['1', 'a, "b"\r\nc'],
      ],
    });
  });

  it('tells an unquoted empty cell (no value) from a quoted one (empty text)', () => {
    expect(parseCsv('a,,"",b')).toEqual({ ok: true, records: [['a', null, '', 'b']] });
  });

  it('takes LF and lone CR line ends, a byte-order mark, no final line end and a trailing comma', () => {
    expect(parseCsv('\uFEFFa,b\nc,d\re,')).toEqual({
      ok: true,
      records: [
        ['a', 'b'],
        ['c', 'd'],
        ['e', null],
      ],
    });
  });

  it('skips blank lines', () => {
    expect(parseCsv('a\r\n\r\nb\r\n\r\n')).toEqual({ ok: true, records: [['a'], ['b']] });
  });

  it('refuses a quote that is never closed, naming the line it opens on', () => {
    expect(parseCsv('id,title\r\n1,ok\r\n2,"open\r\nstill open')).toEqual({
      ok: false,
      message: 'a quoted cell that starts on line 3 is never closed.',
    });
  });

  it('refuses text after a closing quote and a quote inside an unquoted cell', () => {
    expect(parseCsv('a\n"b"c')).toEqual({
      ok: false,
      message: 'line 2 has text right after a closing quote.',
    });
    expect(parseCsv('a,b"c')).toEqual({ ok: false, message: 'line 1 has a quote inside an unquoted cell.' });
  });

  it('reads back whatever formatCsv writes (records of at least two cells)', () => {
    const cell: fc.Arbitrary<CsvCell> = fc.option(fc.string({ unit: 'binary' }), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 6 }), { maxLength: 8 }), (records) => {
        expect(parseCsv(formatCsv(records))).toEqual({ ok: true, records });
      }),
      { numRuns: 50 },
    );
  });
});

describe('formula guard', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ["'=x", "''=x"],
    ["'tis", "'tis"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
  ])('escapes %j as %j', (text, escaped) => {
    expect(escapeFormula(text)).toBe(escaped);
    expect(unescapeFormula(escaped)).toBe(text);
  });

  it('gives every text back unchanged after escaping', () => {
    const risky = fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a');
    const text = fc.oneof(
      fc.string(),
      fc.array(risky, { maxLength: 6 }).map((chars) => chars.join('')),
    );
    fc.assert(
      fc.property(text, (value) => {
        const escaped = escapeFormula(value);
        expect(/^[=+\-@\t\r]/.test(escaped)).toBe(false);
        expect(unescapeFormula(escaped)).toBe(value);
      }),
    );
  });
});

describe('the task CSV: labels and checklist columns (issue 22)', () => {
  const base: Task = {
    id: '1',
    title: 'Pack',
    description: 'Bags',
    priority: 'High',
    deadline: '2026-12-01',
    progress: 50,
    assignedTo: 'Ada',
  };
  const withBoth: Task = {
    ...base,
    labels: ['l1', 'l2', 'gone'],
    ck_a: { text: 'Shoes', done: true, pos: 1 },
    ck_b: { text: 'Coat', done: false, pos: 2 },
  };
  const names: Record<string, string> = { l1: '=Urgent', l2: 'Home' };
  const labelName = (id: string) => names[id];

  function records(text: string): CsvCell[][] {
    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.records;
  }

  it('writes label names joined by "; " (the id for a label without a name) and done/total', () => {
    const [header, row, plain] = records(formatTasksCsv([withBoth, { ...base, id: '2' }], { labelName }));
    expect(header).toEqual([
      ...TASK_CSV_COLUMNS,
      'labels',
      'checklist',
      'project',
      'labelIds',
      'ck_a',
      'ck_b',
    ]);
    const cell = (record: CsvCell[] | undefined, name: string) => record![header!.indexOf(name)];
    // The formula guard applies to names too.
    expect(cell(row, 'labels')).toBe("'=Urgent; Home; gone");
    expect(cell(row, 'checklist')).toBe('1/2');
    expect(cell(row, 'labelIds')).toBe('["l1","l2","gone"]');
    expect(cell(plain, 'labels')).toBeNull();
    expect(cell(plain, 'checklist')).toBeNull();
  });

  it('names each task’s project as {name} ({KEY}): General without one, the id of a project not listed', () => {
    const projects = [{ id: 'p-ops', key: 'OPS', name: '=Ops' }];
    const tasks = [
      { ...base, id: '1' },
      { ...base, id: '2', projectId: 'p-ops' },
      { ...base, id: '3', projectId: 'p-gone' },
      { ...base, id: '4', projectId: 'general' },
    ];
    const [header, ...rows] = records(formatTasksCsv(tasks, { projects }));
    const column = header!.indexOf('project');
    // The formula guard applies to names too.
    expect(rows.map((row) => row[column])).toEqual([
      'General (GEN)',
      "'=Ops (OPS)",
      'p-gone',
      'General (GEN)',
    ]);
    // The import skips it: the project travels in projectId.
    const source = readImportText('csv', formatTasksCsv(tasks, { projects }));
    if (!source.ok) throw new Error(source.message);
    expect(source.value.rows.map((row) => (row.value as { projectId?: string }).projectId)).toEqual([
      undefined,
      'p-ops',
      'p-gone',
      'general',
    ]);
  });

  it('without labelName, the labels column holds the ids; an empty label list is an empty cell', () => {
    const [header, row, empty] = records(formatTasksCsv([withBoth, { ...base, id: '2', labels: [] }]));
    expect(row![header!.indexOf('labels')]).toBe('l1; l2; gone');
    expect(empty![header!.indexOf('labels')]).toBeNull();
    expect(empty![header!.indexOf('labelIds')]).toBe('[]');
  });

  it('the import skips the reading columns and takes the labels back from labelIds', () => {
    const source = readImportText('csv', formatTasksCsv([withBoth], { labelName }));
    if (!source.ok) throw new Error(source.message);
    expect(taskSchema.parse(source.value.rows[0]!.value)).toEqual(withBoth);
  });

  it('a CSV of the previous version (no checklist column): its labels column is the field, as JSON', () => {
    const old = `id,title,description,priority,deadline,progress,assignedTo,email,status,column,labels\r\n1,Pack,Bags,High,2026-12-01,50,Ada,,,,"[""l1""]"\r\n`;
    const source = readImportText('csv', old);
    if (!source.ok) throw new Error(source.message);
    expect(taskSchema.parse(source.value.rows[0]!.value)).toEqual({ ...base, labels: ['l1'] });
  });
});
