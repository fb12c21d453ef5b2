import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeFormula, formatCsv, parseCsv, unescapeFormula, type CsvCell } from './csv';

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
