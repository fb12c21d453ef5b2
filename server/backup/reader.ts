import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { z } from 'zod';
import {
  BACKUP_FORMAT_VERSION,
  backupError,
  headerSchema,
  MAX_LINE_CHARS,
  MAX_LINE_LABEL,
  tableLineSchema,
  trailerSchema,
  type BackupHeader,
} from './format';

/** What a backup file is made of, line by line, as a restore consumes it. */
export type BackupItem =
  | { kind: 'table'; table: string; columns: string[] }
  | { kind: 'row'; values: unknown[] }
  | { kind: 'end'; rows: Record<string, number> };

const NOT_A_BACKUP =
  'This file is not a Tasklane backup (it is not a gzip-compressed file made by the backup command).';
const INCOMPLETE =
  'The backup file is incomplete: it ends before its last line (copied while it was being written, or cut short). Take the backup again.';

/**
 * The decompressed lines of `input`, split in one pass: each decompressed piece is searched for line
 * breaks from where the last one ended, and a line spanning pieces is kept as its parts until its
 * end (so a long line costs its length, not its length times the pieces it spans). A line past
 * MAX_LINE_CHARS is refused as soon as it gets there. Gzip damage becomes a one-sentence AppError.
 */
async function* gunzipLines(input: Readable): AsyncGenerator<string, void, undefined> {
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  // The current line's text read so far, in the pieces it arrived in.
  let parts: string[] = [];
  let partsLength = 0;
  let lineCount = 0;
  const tooLong = () =>
    backupError(
      `The backup file is damaged: line ${lineCount + 1} is longer than ${MAX_LINE_LABEL}, more than any line the backup command writes.`,
    );
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const text = decoder.write(chunk);
      let start = 0;
      for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
        if (partsLength + newline - start > MAX_LINE_CHARS) throw tooLong();
        const end = text.slice(start, newline);
        const line = parts.length ? parts.join('') + end : end;
        parts = [];
        partsLength = 0;
        start = newline + 1;
        lineCount++;
        yield line;
      }
      if (start < text.length) {
        partsLength += text.length - start;
        if (partsLength > MAX_LINE_CHARS) throw tooLong();
        parts.push(text.slice(start));
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'Z_BUF_ERROR' && gunzip.bytesWritten === 0) {
      throw backupError('The backup file is empty: nothing was written to it. Take the backup again.');
    }
    if (code === 'Z_BUF_ERROR' || code === 'ERR_STREAM_PREMATURE_CLOSE') throw backupError(INCOMPLETE);
    if (code === 'Z_DATA_ERROR' && lineCount === 0) throw backupError(NOT_A_BACKUP);
    if (code === 'Z_DATA_ERROR')
      throw backupError(`The backup file is damaged (${(error as Error).message}).`);
    throw error;
  } finally {
    input.unpipe(gunzip);
    input.destroy();
  }
  if (partsLength + decoder.end().length > 0) throw backupError(INCOMPLETE);
}

function parseLine<T>(line: string, schema: z.ZodType<T>, message: string): T {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw backupError(message);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw backupError(message);
  return parsed.data;
}

function parseRow(line: string): unknown[] {
  let values: unknown;
  try {
    values = JSON.parse(line);
  } catch {
    values = undefined;
  }
  if (!Array.isArray(values)) throw backupError('The backup file is damaged (a row is not readable).');
  return values;
}

/**
 * Reads a backup's header, then hands out its tables and rows, and checks at the end that the
 * trailer's checksum and row counts match what was read. Any damage is an AppError with one
 * sentence; a restore that meets one rolls back.
 */
export class BackupReader {
  private constructor(
    readonly header: BackupHeader,
    private readonly lines: AsyncGenerator<string, void, undefined>,
    private readonly hash: ReturnType<typeof createHash>,
  ) {}

  /** Reads and checks the header: the format, and that this app may restore it (`migrationLevel`). */
  static async open(input: Readable, migrationLevel: number): Promise<BackupReader> {
    const lines = gunzipLines(input);
    const first = await lines.next();
    if (first.done) throw backupError(NOT_A_BACKUP);
    const header = parseLine(first.value, headerSchema, NOT_A_BACKUP);
    if (header.formatVersion > BACKUP_FORMAT_VERSION || header.migrationLevel > migrationLevel) {
      await lines.return();
      throw backupError(
        `This backup was made by a newer version of Tasklane (database level ${header.migrationLevel}, format ${header.formatVersion}; this one has level ${migrationLevel}, format ${BACKUP_FORMAT_VERSION}): upgrade Tasklane first, then restore it.`,
      );
    }
    if (header.migrationLevel < migrationLevel) {
      await lines.return();
      throw backupError(
        `This backup was made by an older version of Tasklane (database level ${header.migrationLevel}; this one has ${migrationLevel}): restore it with that version, then upgrade, which brings the data up to date.`,
      );
    }
    const hash = createHash('sha256').update(first.value + '\n');
    return new BackupReader(header, lines, hash);
  }

  async *items(): AsyncGenerator<BackupItem, void, undefined> {
    const counts: Record<string, number> = {};
    let current: string | undefined;
    let width = 0;
    for await (const line of this.lines) {
      if (line.startsWith('[')) {
        if (current === undefined) throw backupError('The backup file is damaged (a row before its table).');
        const values = parseRow(line);
        if (values.length !== width)
          throw backupError('The backup file is damaged (a row has the wrong length).');
        this.hash.update(line + '\n');
        counts[current] = (counts[current] ?? 0) + 1;
        yield { kind: 'row', values };
      } else if (line.startsWith('{"table"')) {
        const table = parseLine(
          line,
          tableLineSchema,
          'The backup file is damaged (a table line is not readable).',
        );
        this.hash.update(line + '\n');
        current = table.table;
        width = table.columns.length;
        counts[current] = 0;
        yield { kind: 'table', table: table.table, columns: table.columns };
      } else {
        const { trailer } = parseLine(
          line,
          trailerSchema,
          'The backup file is damaged (a line is not readable).',
        );
        if (trailer.sha256 !== this.hash.digest('hex')) {
          throw backupError('The backup file is damaged: its checksum does not match its contents.');
        }
        const expected = JSON.stringify(Object.entries(trailer.rows).sort());
        if (expected !== JSON.stringify(Object.entries(counts).sort())) {
          throw backupError('The backup file is damaged: its row counts do not match its contents.');
        }
        const rest = await this.lines.next();
        if (!rest.done) throw backupError('The backup file is damaged: there is more after its last line.');
        yield { kind: 'end', rows: counts };
        return;
      }
    }
    throw backupError(INCOMPLETE);
  }

  /** Reads to the end, checking everything; for a file, before the database is touched. */
  async verify(): Promise<Record<string, number>> {
    for await (const item of this.items()) if (item.kind === 'end') return item.rows;
    throw backupError(INCOMPLETE);
  }
}
