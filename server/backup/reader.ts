import 'server-only';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import {
  BACKUP_FORMAT_VERSION,
  backupError,
  headerSchema,
  INCOMPLETE_MESSAGE,
  MAX_LINE_CHARS,
  MAX_LINE_LABEL,
  parseBackupLine,
  tableLineSchema,
  trailerSchema,
  type BackupHeader,
} from './format';
import { FileSection, LineSource, type FileItem } from './reader-files';

/** What a backup file is made of, line by line, as a restore consumes it. */
export type BackupItem =
  | { kind: 'table'; table: string; columns: string[] }
  | { kind: 'row'; values: unknown[] }
  | FileItem
  | { kind: 'end'; rows: Record<string, number> };

const NOT_A_BACKUP =
  'This file is not a Tasklane backup (it is not a gzip-compressed file made by the backup command).';

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
    if (code === 'Z_BUF_ERROR' || code === 'ERR_STREAM_PREMATURE_CLOSE')
      throw backupError(INCOMPLETE_MESSAGE);
    if (code === 'Z_DATA_ERROR' && lineCount === 0) throw backupError(NOT_A_BACKUP);
    if (code === 'Z_DATA_ERROR')
      throw backupError(`The backup file is damaged (${(error as Error).message}).`);
    throw error;
  } finally {
    input.unpipe(gunzip);
    input.destroy();
  }
  if (partsLength + decoder.end().length > 0) throw backupError(INCOMPLETE_MESSAGE);
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
 * Reads a backup's header, then hands out its tables, rows and files, and checks at the end that
 * the trailer's checksum and counts match what was read. Any damage is an AppError with one
 * sentence; a restore that meets one rolls back.
 */
export class BackupReader {
  /** The files: which rows name which bytes, what was read of them, what a restore still needs. */
  readonly files: FileSection;

  private constructor(
    readonly header: BackupHeader,
    private readonly lines: LineSource,
    private readonly hash: ReturnType<typeof createHash>,
  ) {
    this.files = new FileSection(header, lines, hash);
  }

  /** Reads and checks the header: the format, and that this app may restore it (`migrationLevel`). */
  static async open(input: Readable, migrationLevel: number): Promise<BackupReader> {
    const lines = new LineSource(gunzipLines(input));
    const first = await lines.next();
    if (first === undefined) throw backupError(NOT_A_BACKUP);
    const header = parseBackupLine(first, headerSchema, NOT_A_BACKUP);
    if (header.formatVersion > BACKUP_FORMAT_VERSION || header.migrationLevel > migrationLevel) {
      await lines.close();
      throw backupError(
        `This backup was made by a newer version of Tasklane (database level ${header.migrationLevel}, format ${header.formatVersion}; this one has level ${migrationLevel}, format ${BACKUP_FORMAT_VERSION}): upgrade Tasklane first, then restore it.`,
      );
    }
    if (header.migrationLevel < migrationLevel) {
      await lines.close();
      throw backupError(
        `This backup was made by an older version of Tasklane (database level ${header.migrationLevel}; this one has ${migrationLevel}): restore it with that version, then upgrade, which brings the data up to date.`,
      );
    }
    const hash = createHash('sha256').update(first + '\n');
    return new BackupReader(header, lines, hash);
  }

  async *items(): AsyncGenerator<BackupItem, void, undefined> {
    const counts: Record<string, number> = {};
    let current: string | undefined;
    let width = 0;
    for (let line = await this.lines.next(); line !== undefined; line = await this.lines.next()) {
      if (line.startsWith('[')) {
        if (current === undefined || this.files.started)
          throw backupError('The backup file is damaged (a row before its table).');
        const values = parseRow(line);
        if (values.length !== width)
          throw backupError('The backup file is damaged (a row has the wrong length).');
        this.hash.update(line + '\n');
        counts[current] = (counts[current] ?? 0) + 1;
        this.files.onRow(values);
        yield { kind: 'row', values };
      } else if (line.startsWith('{"table"') && !this.files.started) {
        const table = parseBackupLine(
          line,
          tableLineSchema,
          'The backup file is damaged (a table line is not readable).',
        );
        this.hash.update(line + '\n');
        current = table.table;
        width = table.columns.length;
        counts[current] = 0;
        this.files.onTable(table.table, table.columns);
        yield { kind: 'table', table: table.table, columns: table.columns };
      } else if (line.startsWith('{"file"')) {
        const item = await this.files.open(line);
        if (item) {
          yield item;
          await this.files.settle(item);
        }
      } else {
        yield { kind: 'end', rows: await this.end(line, counts) };
        return;
      }
    }
    throw backupError(INCOMPLETE_MESSAGE);
  }

  /** The trailer: checksum, row and file counts, and nothing after it. */
  private async end(line: string, counts: Record<string, number>): Promise<Record<string, number>> {
    const { trailer } = parseBackupLine(
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
    this.files.finish(trailer.files);
    if ((await this.lines.next()) !== undefined)
      throw backupError('The backup file is damaged: there is more after its last line.');
    return counts;
  }

  /** Reads to the end, checking everything (every file's bytes too); for a file, before the database is touched. */
  async verify(): Promise<Record<string, number>> {
    for await (const item of this.items()) if (item.kind === 'end') return item.rows;
    throw backupError(INCOMPLETE_MESSAGE);
  }
}
