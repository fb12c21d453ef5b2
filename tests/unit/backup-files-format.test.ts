import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DELETED_KEEP_MS } from '@/features/attachments/server/attachment-service';
import {
  chunkLine,
  decodeChunk,
  DELETED_FILE_KEPT_MS,
  FILE_CHUNK_BYTES,
  isPastUndo,
  listFiles,
} from '@/server/backup/file-refs';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from '@/server/backup/format';
import { BackupReader } from '@/server/backup/reader';
import { SkippedFile } from '@/server/backup/reader-files';

const LEVEL = 13;
const CREATED = '2026-12-01T12:00:00.000Z';
const COLUMNS = ['id', 'task_uid', 'name', 'size', 'sha256', 'storage_key', 'deleted_at'];
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface TestFile {
  key: string;
  bytes: Buffer;
  name?: string;
  deletedAt?: string | null;
}

const A: TestFile = { key: 'attachments/aa/a-1', bytes: Buffer.from('alpha bytes') };
// Three chunk lines: two full ones and a short one.
const B: TestFile = {
  key: 'attachments/bb/b-2',
  bytes: Buffer.alloc(2 * FILE_CHUNK_BYTES + 5, 7),
  name: 'big.bin',
};

function row(file: TestFile, n: number) {
  const { bytes, key } = file;
  return [
    `id${n}`,
    `task-${n}`,
    file.name ?? `file${n}.txt`,
    bytes.length,
    sha256(bytes),
    key,
    file.deletedAt ?? null,
  ];
}

/** A file line and its bytes' lines, as the backup writes them. */
function fileLines(file: TestFile, bytes = file.bytes): string[] {
  const lines = [JSON.stringify({ file: file.key, size: file.bytes.length, sha256: sha256(file.bytes) })];
  for (let start = 0; start < bytes.length; start += FILE_CHUNK_BYTES) {
    lines.push(chunkLine(bytes.subarray(start, start + FILE_CHUNK_BYTES)));
  }
  return lines;
}

/** A whole backup: its header, the attachments table with `rows`, `body` after it, a trailer. */
function backup(options: {
  rows: TestFile[];
  body?: string[];
  header?: Record<string, unknown>;
  files?: { count: number; bytes: number; skipped: number } | null;
}): Buffer {
  const header = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    migrationLevel: LEVEL,
    createdAt: CREATED,
    dialect: 'sqlite',
    files: true,
    ...options.header,
  };
  const lines = [
    JSON.stringify(header),
    JSON.stringify({ table: 'task_attachments', columns: COLUMNS }),
    ...options.rows.map((file, n) => JSON.stringify(row(file, n))),
    ...(options.body ?? []),
  ];
  const text = lines.map((line) => line + '\n').join('');
  const trailer: Record<string, unknown> = {
    rows: { task_attachments: options.rows.length },
    sha256: createHash('sha256').update(text).digest('hex'),
  };
  if (options.files !== null) trailer.files = options.files;
  return gzipSync(text + JSON.stringify({ trailer }) + '\n');
}

const open = (bytes: Buffer) => BackupReader.open(Readable.from([bytes]), LEVEL);

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('files in a backup (formatVersion 2)', () => {
  const both = { count: 2, bytes: A.bytes.length + B.bytes.length, skipped: 0 };

  it('hands out each file with its row and its bytes, checked, and needs nothing more', async () => {
    const reader = await open(
      backup({ rows: [A, B], body: [...fileLines(A), ...fileLines(B)], files: both }),
    );
    const got: Record<string, Buffer> = {};
    for await (const item of reader.items()) {
      if (item.kind === 'file') {
        expect(item.file.name).toBe(item.key === A.key ? 'file0.txt' : 'big.bin');
        got[item.key] = await readAll(item.body);
        expect(item.state.outcome).toBe('read');
      }
    }
    expect(got[A.key]!.equals(A.bytes)).toBe(true);
    expect(got[B.key]!.equals(B.bytes)).toBe(true);
    expect(reader.files.summary()).toEqual(both);
    expect(reader.files.notInBackup()).toEqual([]);
  });

  it('verify reads the bytes too: a changed byte names the file, even with the checksum made again', async () => {
    const changed = Buffer.from(B.bytes);
    changed[FILE_CHUNK_BYTES + 3] = 8;
    const bytes = backup({ rows: [A, B], body: [...fileLines(A), ...fileLines(B, changed)], files: both });
    await expect((await open(bytes)).verify()).rejects.toThrow(
      'The backup file is damaged: the bytes of the file "big.bin" of task task-1 differ from the ones it was backed up with.',
    );
    const short = backup({ rows: [A], body: fileLines(A, A.bytes.subarray(1)), files: both });
    await expect((await open(short)).verify()).rejects.toThrow(
      /the bytes of the file "file0\.txt" of task task-0 differ/,
    );
  });

  it('a file line that is not its row, bytes no row names, or the same key twice are damage', async () => {
    const other = { ...A, bytes: Buffer.from('other bytes') };
    const wrongLine = backup({ rows: [A], body: fileLines(other), files: both });
    await expect((await open(wrongLine)).verify()).rejects.toThrow(
      'The backup file is damaged: the file "file0.txt" of task task-0 in it is not the one its row describes.',
    );
    const stray = backup({ rows: [A], body: fileLines(B), files: both });
    await expect((await open(stray)).verify()).rejects.toThrow(
      `The backup file is damaged: it holds bytes under ${B.key}, which none of its files names.`,
    );
    const twice = backup({ rows: [A], body: [...fileLines(A), ...fileLines(A)], files: both });
    await expect((await open(twice)).verify()).rejects.toThrow(/holds the bytes under .* twice/);
  });

  it('the trailer counts the files, and a header without files allows none', async () => {
    const body = [...fileLines(A), ...fileLines(B)];
    await expect(
      (await open(backup({ rows: [A, B], body, files: { ...both, count: 1 } }))).verify(),
    ).rejects.toThrow('The backup file is damaged: its file counts do not match its contents.');
    await expect((await open(backup({ rows: [A, B], body, files: null }))).verify()).rejects.toThrow(
      /file counts do not match/,
    );
    await expect(
      (await open(backup({ rows: [A, B], body, files: both, header: { files: false } }))).verify(),
    ).rejects.toThrow('The backup file is damaged: it holds files while its header says it does not.');
  });

  it('files marked skipped (before or after their bytes) are left out and needed from the store', async () => {
    const body = [
      fileLines(A)[0]!,
      JSON.stringify({ skipped: A.key, reason: 'missing' }),
      ...fileLines(B),
      JSON.stringify({ skipped: B.key, reason: 'differs' }),
    ];
    const reader = await open(backup({ rows: [A, B], body, files: { count: 0, bytes: 0, skipped: 2 } }));
    const seen: string[] = [];
    for await (const item of reader.items()) {
      if (item.kind !== 'file') continue;
      seen.push(item.key);
      await expect(readAll(item.body)).rejects.toBeInstanceOf(SkippedFile);
      expect(item.state.outcome).toBe('skipped');
    }
    // A's bytes came with no line of bytes before the mark: not handed out at all.
    expect(seen).toEqual([B.key]);
    expect(reader.files.notInBackup().map(({ file, reason }) => [file.key, reason])).toEqual([
      [A.key, 'missing'],
      [B.key, 'differs'],
    ]);
  });

  it('without files (and in version 1), every file is needed from the store but those past their Undo', async () => {
    const recent = { ...A, deletedAt: '2026-12-01T00:00:00.000Z' };
    const old = { ...B, deletedAt: '2026-11-30T11:59:59.000Z' };
    for (const header of [{ files: false }, { formatVersion: 1, files: undefined }]) {
      const reader = await open(backup({ rows: [recent, old], header, files: null }));
      expect(await reader.verify()).toEqual({ task_attachments: 2 });
      expect(reader.files.notInBackup().map(({ file }) => file.key)).toEqual([A.key]);
    }
  });
});

describe('the pieces of the file format', () => {
  it('a deleted file is past its Undo after the same day the app keeps it for', () => {
    expect(DELETED_FILE_KEPT_MS).toBe(DELETED_KEEP_MS);
    const file = { key: 'k', size: 1, sha256: '', name: 'n', task: 't', thumbnailKey: null };
    expect(isPastUndo({ ...file, deletedAt: null }, CREATED)).toBe(false);
    expect(isPastUndo({ ...file, deletedAt: '2026-11-30T12:00:00.001Z' }, CREATED)).toBe(false);
    expect(isPastUndo({ ...file, deletedAt: '2026-11-30T12:00:00.000Z' }, CREATED)).toBe(true);
  });

  it('chunk lines are base64 in a JSON string; anything else is damage', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    expect(JSON.parse(chunkLine(bytes))).toBe(bytes.toString('base64'));
    expect(decodeChunk(chunkLine(bytes)).equals(bytes)).toBe(true);
    for (const line of ['"abc"', '"ab!d"', 'abcd', '"abcd']) {
      expect(() => decodeChunk(line)).toThrow(
        'The backup file is damaged (a line of file bytes is not readable).',
      );
    }
  });

  it('messages name ten files at most, then how many more', () => {
    const names = Array.from({ length: 12 }, (_, n) => `f${n}`);
    expect(listFiles(names.slice(0, 3))).toBe('f0, f1 and f2');
    expect(listFiles(names)).toBe('f0, f1, f2, f3, f4, f5, f6, f7, f8, f9 and 2 more');
  });
});
