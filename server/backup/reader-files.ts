import 'server-only';
import { createHash, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ATTACHMENTS_TABLE,
  decodeChunk,
  describeFile,
  FILE_REF_COLUMNS,
  fileLineSchema,
  fileRefOf,
  isPastUndo,
  skippedLineSchema,
  type FileLine,
  type FileRef,
  type SkipReason,
} from './file-refs';
import {
  backupError,
  INCOMPLETE_MESSAGE,
  parseBackupLine,
  type BackupHeader,
  type trailerSchema,
} from './format';
import type { z } from 'zod';

/** The decompressed lines of a backup, with one line of look-ahead (a file's bytes end at the next other line). */
export class LineSource {
  private pending: string | undefined;

  constructor(private readonly source: AsyncGenerator<string, void, undefined>) {}

  async next(): Promise<string | undefined> {
    if (this.pending !== undefined) {
      const line = this.pending;
      this.pending = undefined;
      return line;
    }
    const next = await this.source.next();
    return next.done ? undefined : next.value;
  }

  /** The next line without taking it. */
  async peek(): Promise<string | undefined> {
    this.pending ??= await this.next();
    return this.pending;
  }

  async close(): Promise<void> {
    await this.source.return();
  }
}

/** Where the reading of one file's bytes got to: a restore asks after its `put` settled. */
export interface FileItemState {
  /** `read`: every byte, matching; `skipped`: the backup marks them as not backed up (nothing to store). */
  outcome: 'pending' | 'read' | 'skipped' | 'failed';
  error?: unknown;
}

/** A file's bytes, as a restore consumes them: `body` must be read to its end before the next item. */
export interface FileItem {
  kind: 'file';
  /** The row the bytes belong to (a thumbnail's: the file it shows). */
  file: FileRef;
  key: string;
  size: number;
  sha256: string;
  thumbnail: boolean;
  body: Readable;
  state: FileItemState;
}

/** The error a skipped file's body ends with (after its bytes, the backup says they were not right). */
export class SkippedFile extends Error {
  override name = 'SkippedFile';
}

/** A file not in the backup whose bytes a restore needs, and why (nothing: a backup without files). */
export interface FileNotInBackup {
  file: FileRef;
  reason?: SkipReason;
}

type TrailerFiles = z.infer<typeof trailerSchema>['trailer']['files'];

/**
 * The files of a backup as its reader meets them: the `task_attachments` rows (key → row), then
 * each file line, checked against its row, and its bytes, checked against the line (size and
 * SHA-256) as they stream. Holds one small entry per file (its key, size, hash, name and task).
 */
export class FileSection {
  private readonly files = new Map<string, FileRef>();
  private readonly thumbnails = new Map<string, FileRef>();
  private columns: Map<string, number> | undefined;
  private readonly recorded = new Set<string>();
  private readonly skipped = new Map<string, SkipReason>();
  private count = 0;
  private bytes = 0;
  /** Set at the first file line: no table or row may follow. */
  started = false;

  constructor(
    private readonly header: BackupHeader,
    private readonly lines: LineSource,
    private readonly hash: Hash,
  ) {}

  onTable(name: string, columns: string[]): void {
    this.columns = undefined;
    if (name !== ATTACHMENTS_TABLE) return;
    const indexes = new Map(columns.map((column, index) => [column, index]));
    if (FILE_REF_COLUMNS.some((column) => !indexes.has(column))) {
      throw backupError(`The backup file does not match this version's columns of table ${name}.`);
    }
    this.columns = indexes;
  }

  onRow(values: unknown[]): void {
    const columns = this.columns;
    if (!columns) return;
    const file = fileRefOf((column) => {
      const index = columns.get(column);
      return index === undefined ? null : values[index];
    });
    this.files.set(file.key, file);
    if (file.thumbnailKey) this.thumbnails.set(file.thumbnailKey, file);
  }

  /**
   * Reads a file line (and the skipped line right after it, if any): the item whose body streams
   * its bytes, or undefined when the backup says they are not in it.
   */
  async open(line: string): Promise<FileItem | undefined> {
    if (!this.header.files) {
      throw backupError('The backup file is damaged: it holds files while its header says it does not.');
    }
    this.started = true;
    const record = parseBackupLine(
      line,
      fileLineSchema,
      'The backup file is damaged (a file line is not readable).',
    );
    this.hash.update(line + '\n');
    const file = this.ownerOf(record);
    if ((await this.lines.peek())?.startsWith('{"skipped"')) {
      await this.readSkipped(record.file);
      return undefined;
    }
    const state: FileItemState = { outcome: 'pending' };
    const body = Readable.from(this.bytesOf(record, file, state), { objectMode: false });
    const { file: key, size, sha256 } = record;
    return { kind: 'file', file, key, size, sha256, thumbnail: record.thumbnail === true, body, state };
  }

  /** After the consumer had `item`: reads what it left of the bytes (a verify reads none). */
  async settle(item: FileItem): Promise<void> {
    const { state } = item;
    if (state.outcome === 'failed') throw state.error;
    if (state.outcome !== 'pending') return;
    if (item.body.destroyed) throw new Error(`The bytes of ${item.key} were left unread.`);
    try {
      for await (const chunk of item.body) void chunk;
    } catch (error) {
      if (!(error instanceof SkippedFile)) throw error;
    }
  }

  /** Checks the trailer's file counts against what was read. */
  finish(trailer: TrailerFiles): void {
    const matches = trailer
      ? trailer.count === this.count && trailer.bytes === this.bytes && trailer.skipped === this.skipped.size
      : !this.header.files;
    if (!matches) throw backupError('The backup file is damaged: its file counts do not match its contents.');
  }

  /** What the files came to: the files whose bytes were read, their bytes, and the ones skipped. */
  summary() {
    return { count: this.count, bytes: this.bytes, skipped: this.skipped.size };
  }

  /**
   * The files whose bytes a restore needs and the backup does not hold (all of them in a backup
   * without files), but those deleted past their Undo when the backup was taken; thumbnails aside.
   */
  notInBackup(): FileNotInBackup[] {
    const needed: FileNotInBackup[] = [];
    for (const file of this.files.values()) {
      if (isPastUndo(file, this.header.createdAt)) continue;
      const reason = this.skipped.get(file.key);
      if (reason || !this.recorded.has(file.key)) needed.push(reason ? { file, reason } : { file });
    }
    return needed;
  }

  private ownerOf(record: FileLine): FileRef {
    const unknown = () =>
      backupError(
        `The backup file is damaged: it holds bytes under ${record.file}, which none of its files names.`,
      );
    if (this.recorded.has(record.file)) {
      throw backupError(`The backup file is damaged: it holds the bytes under ${record.file} twice.`);
    }
    this.recorded.add(record.file);
    if (record.thumbnail) {
      const owner = this.thumbnails.get(record.file);
      if (!owner) throw unknown();
      return owner;
    }
    const file = this.files.get(record.file);
    if (!file) throw unknown();
    if (file.size !== record.size || file.sha256 !== record.sha256) {
      throw backupError(
        `The backup file is damaged: the file ${describeFile(file)} in it is not the one its row describes.`,
      );
    }
    return file;
  }

  private async readSkipped(key: string): Promise<void> {
    const line = (await this.lines.next()) ?? '';
    const skipped = parseBackupLine(
      line,
      skippedLineSchema,
      'The backup file is damaged (a line is not readable).',
    );
    if (skipped.skipped !== key)
      throw backupError('The backup file is damaged (a skipped file line names another file).');
    this.hash.update(line + '\n');
    this.skipped.set(key, skipped.reason);
  }

  /** The bytes after a file line, decoded, counted and hashed; a mismatch fails at its end. */
  private async *bytesOf(record: FileLine, file: FileRef, state: FileItemState): AsyncGenerator<Buffer> {
    const differs = () =>
      backupError(
        `The backup file is damaged: the bytes of the ${record.thumbnail ? 'thumbnail of ' : ''}file ${describeFile(file)} differ from the ones it was backed up with.`,
      );
    try {
      const hash = createHash('sha256');
      let size = 0;
      for (;;) {
        const line = await this.lines.peek();
        if (line === undefined) throw backupError(INCOMPLETE_MESSAGE);
        if (!line.startsWith('"')) break;
        await this.lines.next();
        this.hash.update(line + '\n');
        const bytes = decodeChunk(line);
        size += bytes.length;
        if (size > record.size) throw differs();
        hash.update(bytes);
        yield bytes;
      }
      if ((await this.lines.peek())?.startsWith('{"skipped"')) {
        await this.readSkipped(record.file);
        state.outcome = 'skipped';
        throw new SkippedFile(`The bytes under ${record.file} are not in the backup.`);
      }
      if (size !== record.size || hash.digest('hex') !== record.sha256) throw differs();
      this.count += 1;
      this.bytes += size;
      state.outcome = 'read';
    } catch (error) {
      if (state.outcome === 'pending') Object.assign(state, { outcome: 'failed', error });
      throw error;
    }
  }
}
