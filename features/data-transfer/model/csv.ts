/**
 * CSV as RFC 4180 writes it (docs/product.md#your-data): comma-separated cells, CRLF between records, a
 * cell quoted when it holds a comma, a quote, CR or LF (quotes doubled inside). Reading also takes LF
 * line ends and a leading byte-order mark.
 *
 * One addition, as PostgreSQL's COPY … CSV does: an unquoted empty cell means "no value" (`null`) and
 * a quoted empty cell `""` is the empty text, so an absent field and an empty one both survive.
 */

/** A cell to write or a cell read: text, or `null` for no value. */
export type CsvCell = string | null;

export type CsvParseResult = { ok: true; records: CsvCell[][] } | { ok: false; message: string };

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Cells a spreadsheet would run as a formula start with one of these (OWASP's list for CSV
 * injection: = + - @ tab and carriage return).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA_START = /^'+[=+\-@\t\r]/;

/**
 * CSV injection guard: a cell that a spreadsheet would run as a formula gets a leading `'`. A cell that
 * is quotes followed by such a character gets one more quote too, so `unescapeFormula` can always take
 * exactly one away and every text comes back as it was.
 */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Undoes `escapeFormula`. */
export function unescapeFormula(text: string): string {
  return ESCAPED_FORMULA_START.test(text) ? text.slice(1) : text;
}

function formatCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (cell === '' || NEEDS_QUOTES.test(cell)) return `"${cell.replaceAll('"', '""')}"`;
  return cell;
}

/** Records to CSV text, each ended by CRLF. Cells are written as given (no formula guard here). */
export function formatCsv(records: readonly (readonly CsvCell[])[]): string {
  return records.map((record) => `${record.map(formatCell).join(',')}\r\n`).join('');
}

/** The 1-based line of `text` at `index`, for messages. */
function lineAt(text: string, index: number): number {
  let line = 1;
  for (let position = 0; position < index; position++) {
    const char = text[position];
    if (char === '\n' || (char === '\r' && text[position + 1] !== '\n')) line++;
  }
  return line;
}

/**
 * CSV text to records. A final line end is optional; blank lines between records are skipped (a record
 * of one unquoted empty cell). Fails, with a message naming the line, on a quote that is never closed or
 * text right after a closing quote.
 */
export function parseCsv(input: string): CsvParseResult {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvCell[][] = [];
  let record: CsvCell[] = [];
  let index = 0;
  const length = text.length;

  const endRecord = () => {
    if (!(record.length === 1 && record[0] === null)) records.push(record);
    record = [];
  };

  while (index < length) {
    let cell: CsvCell;
    if (text[index] === '"') {
      const start = index;
      index++;
      let value = '';
      for (;;) {
        const close = text.indexOf('"', index);
        if (close === -1) {
          return {
            ok: false,
            message: `a quoted cell that starts on line ${lineAt(text, start)} is never closed.`,
          };
        }
        value += text.slice(index, close);
        if (text[close + 1] === '"') {
          value += '"';
          index = close + 2;
        } else {
          index = close + 1;
          break;
        }
      }
      const next = text[index];
      if (index < length && next !== ',' && next !== '\r' && next !== '\n') {
        return { ok: false, message: `line ${lineAt(text, index)} has text right after a closing quote.` };
      }
      cell = value;
    } else {
      let end = index;
      while (end < length && text[end] !== ',' && text[end] !== '\r' && text[end] !== '\n') {
        if (text[end] === '"') {
          return { ok: false, message: `line ${lineAt(text, end)} has a quote inside an unquoted cell.` };
        }
        end++;
      }
      cell = end === index ? null : text.slice(index, end);
      index = end;
    }
    record.push(cell);
    if (index >= length) {
      endRecord();
      break;
    }
    const separator = text[index];
    if (separator === ',') {
      index++;
      // A comma at the very end: one more, empty, cell.
      if (index === length) {
        record.push(null);
        endRecord();
      }
      continue;
    }
    // A line end: CRLF, LF or a lone CR.
    index += separator === '\r' && text[index + 1] === '\n' ? 2 : 1;
    endRecord();
  }
  return { ok: true, records };
}
