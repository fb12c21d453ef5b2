import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { filesDb, type StoredFile } from './files-db';
import { LOCAL_FILE_MESSAGES, LOCAL_LIMITS } from './local-files';
import {
  exportLocalFiles,
  exportedSizeOf,
  planFilesImport,
  readImportedFiles,
  transferFailureMessage,
  undoImportedFiles,
  writeImportedFiles,
  type ExportedFile,
} from './local-transfer';
import { makeThumbnail } from './local-thumbnail';

/**
 * The default mode's files in the JSON export and import (./local-transfer.ts): exported with their
 * bytes and SHA-256, read back checked (nothing the file claims trusted), planned against what is
 * kept here, written in one go and undone.
 */

vi.mock('@/shared/realtime/live-comments', () => ({
  announceComments: vi.fn(),
  onCommentsChanged: vi.fn(() => () => undefined),
}));
vi.mock('./local-thumbnail', () => ({ makeThumbnail: vi.fn() }));

const ROOM = 300 * 1024 * 1024;

let serial = 0;
const newId = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

/** A PNG's signature and IHDR chunk (1×1): what file-type needs to say image/png. */
const PNG = Uint8Array.of(
  ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
  ...[0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89],
);

/** Every byte value, several times over: what a base64 round trip could trip on. */
function allBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 7 + 3) % 256;
  return bytes;
}

const text = (value: string) => new TextEncoder().encode(value);

function record(task: string, bytes: Uint8Array<ArrayBuffer>, fields: Partial<StoredFile> = {}): StoredFile {
  return {
    id: newId(),
    task,
    name: 'notes.txt',
    size: bytes.length,
    mediaType: 'application/octet-stream',
    preview: null,
    addedByName: 'Sam',
    addedAt: '2026-03-01T10:00:00.000Z',
    cover: false,
    width: null,
    height: null,
    bytes: new Blob([bytes]),
    thumbnail: null,
    deletedAt: null,
    ...fields,
  };
}

async function keep(...records: StoredFile[]): Promise<void> {
  const db = await filesDb();
  for (const file of records) await db.put('files', file);
}

async function kept(): Promise<StoredFile[]> {
  return (await filesDb()).getAll('files');
}

async function bytesOf(blob: Blob): Promise<number[]> {
  return [...new Uint8Array(await blob.arrayBuffer())];
}

async function exported(taskIds: string[]): Promise<ExportedFile[]> {
  const result = await exportLocalFiles(taskIds, ROOM);
  if (!result.ok) throw new Error(result.problem);
  expect(result.unreadable).toBe(0);
  return result.files;
}

/** The whole import of `entries` for the tasks `tasks`: read, planned, written. */
async function importFiles(entries: readonly unknown[], tasks: string[]) {
  const read = await readImportedFiles(entries);
  const plan = await planFilesImport(read.files, new Set(tasks));
  const snapshot = await writeImportedFiles(plan.add);
  return { read, plan, snapshot };
}

beforeEach(async () => {
  await (await filesDb()).clear('files');
  vi.mocked(makeThumbnail).mockReset();
  vi.mocked(makeThumbnail).mockResolvedValue(null);
});

describe('export', () => {
  it('holds each kept file of the tasks asked for, in their order, oldest first, with its bytes and SHA-256', async () => {
    const early = record('t2', allBytes(1000), { name: 'early.bin', addedAt: '2026-03-01T09:00:00.000Z' });
    const late = record('t2', allBytes(10), { name: 'late.bin', addedAt: '2026-03-02T09:00:00.000Z' });
    const first = record('t1', text('a'), { name: 'a.txt', cover: false });
    const deleted = record('t1', text('gone'), { deletedAt: '2026-03-02T00:00:00.000Z' });
    const otherTask = record('t3', text('elsewhere'));
    await keep(late, early, deleted, otherTask, first);

    const files = await exported(['t1', 't2']);
    expect(files.map((file) => file.name)).toEqual(['a.txt', 'early.bin', 'late.bin']);
    expect(files[0]).toEqual({
      id: first.id,
      task: 't1',
      name: 'a.txt',
      mediaType: 'application/octet-stream',
      addedByName: 'Sam',
      addedAt: '2026-03-01T10:00:00.000Z',
      cover: false,
      size: 1,
      sha256: 'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb',
      data: 'YQ==',
    });
    expect(files[1]!.data).toBe(Buffer.from(allBytes(1000)).toString('base64'));
  });

  it('a task without files exports none; with more than the room left, none and what they take', async () => {
    expect(await exported(['t1'])).toEqual([]);
    const big = record('t1', allBytes(3000));
    await keep(big);
    expect(exportedSizeOf(big)).toBeGreaterThan(4000);
    expect(await exportLocalFiles(['t1'], 4000)).toEqual({ ok: false, problem: 'tooLarge', bytes: 3000 });
    expect((await exportLocalFiles(['t1'], exportedSizeOf(big))).ok).toBe(true);
  });
});

describe('export → import', () => {
  it('into an empty browser: the same ids, tasks and bytes, the type sniffed again, thumbnails drawn again', async () => {
    vi.mocked(makeThumbnail).mockResolvedValue({ blob: new Blob(['webp']), width: 1, height: 1 });
    const binary = record('t1', allBytes(100_003), { name: 'data.bin' });
    const image = record('t1', PNG, {
      name: 'shot.png',
      mediaType: 'image/png',
      preview: 'image',
      cover: true,
      thumbnail: new Blob(['old']),
    });
    const empty = record('t2', new Uint8Array(0), { name: 'empty.txt' });
    await keep(binary, image, empty);
    const files = await exported(['t1', 't2']);
    await (await filesDb()).clear('files');

    const { read, plan, snapshot } = await importFiles(JSON.parse(JSON.stringify(files)) as unknown[], [
      't1',
      't2',
    ]);
    expect(read).toMatchObject({ unreadable: 0, tooLarge: 0 });
    expect(plan).toMatchObject({ alreadyHere: 0, overLimit: 0, ofTasksLeftOut: 0 });
    expect(snapshot.ids).toEqual(files.map((file) => file.id));
    const stored = new Map((await kept()).map((file) => [file.id, file]));
    for (const original of [binary, image, empty]) {
      const copy = stored.get(original.id)!;
      expect(copy.task).toBe(original.task);
      expect(copy.name).toBe(original.name);
      expect(copy.size).toBe(original.size);
      expect(await bytesOf(copy.bytes)).toEqual(await bytesOf(original.bytes));
      expect(copy.deletedAt).toBeNull();
    }
    expect(stored.get(image.id)).toMatchObject({ mediaType: 'image/png', preview: 'image', cover: true });
    expect(await stored.get(image.id)!.thumbnail!.text()).toBe('webp');
    expect(makeThumbnail).toHaveBeenCalledTimes(1);
    expect(stored.get(binary.id)).toMatchObject({ mediaType: 'application/octet-stream', thumbnail: null });
  });

  it('into the browser it came from: every file already here, nothing written twice', async () => {
    await keep(record('t1', text('one')), record('t1', text('two')));
    const files = await exported(['t1']);
    const { plan, snapshot } = await importFiles(files, ['t1']);
    expect(plan).toMatchObject({ add: [], alreadyHere: 2 });
    expect(snapshot.ids).toEqual([]);
    expect(await kept()).toHaveLength(2);
  });

  it('a file deleted here (within its day of Undo) comes back from the file; Undo deletes it again', async () => {
    const file = record('t1', text('back'));
    await keep(file);
    const files = await exported(['t1']);
    const deleted = { ...file, deletedAt: '2026-03-02T00:00:00.000Z' };
    await keep(deleted);

    const { plan, snapshot } = await importFiles(files, ['t1']);
    expect(plan.add).toHaveLength(1);
    expect((await kept())[0]!.deletedAt).toBeNull();
    await undoImportedFiles(snapshot);
    expect((await kept())[0]!.deletedAt).toBe('2026-03-02T00:00:00.000Z');
  });

  it('Undo takes away what the import added and leaves what was here', async () => {
    const mine = record('t1', text('mine'));
    const theirs = record('t2', text('theirs'));
    await keep(theirs);
    const files = await exported(['t2']);
    await (await filesDb()).clear('files');
    await keep(mine);
    const { snapshot } = await importFiles(files, ['t2']);
    expect((await kept()).map((file) => file.id).sort()).toEqual([mine.id, theirs.id].sort());
    await undoImportedFiles(snapshot);
    expect((await kept()).map((file) => file.id)).toEqual([mine.id]);
  });
});

describe('import: nothing the file claims is trusted', () => {
  async function entryOf(bytes: Uint8Array<ArrayBuffer>, fields: Partial<StoredFile> = {}) {
    const file = record('t1', bytes, fields);
    await keep(file);
    const [entry] = await exported(['t1']);
    await (await filesDb()).clear('files');
    return entry!;
  }

  it('bytes that do not match their SHA-256 or size, bad base64 and entries that are not files are left out', async () => {
    const entry = await entryOf(text('The quarterly numbers!'));
    const tampered = Buffer.from(entry.data, 'base64');
    tampered[0] = 0x74;
    const read = await readImportedFiles([
      { ...entry, data: tampered.toString('base64') },
      { ...entry, id: newId(), size: entry.size + 1 },
      { ...entry, id: newId(), sha256: '0'.repeat(64) },
      { ...entry, id: newId(), data: `${entry.data.slice(0, -4)}@@@@` },
      { ...entry, id: newId(), data: entry.data.replace(/=+$/, '') },
      { ...entry, id: 'not-a-uuid' },
      { ...entry, id: newId(), addedAt: 'yesterday' },
      { ...entry, id: newId(), task: '' },
      { ...entry, id: newId(), sha256: undefined },
      'a file',
      null,
      entry,
      // The same id again: only the first counts.
      { ...entry, name: 'again.txt' },
    ]);
    expect(read.unreadable).toBe(12);
    expect(read.files.map((file) => file.id)).toEqual([entry.id]);
    expect(await read.files[0]!.bytes.text()).toBe('The quarterly numbers!');
  });

  it('the type is sniffed from the bytes, the name cleaned, a cover only for an image', async () => {
    const entry = await entryOf(PNG, { name: 'shot.png', mediaType: 'image/png', preview: 'image' });
    const textEntry = await entryOf(text('<script>alert(1)</script>'), { name: 'page.html' });
    const read = await readImportedFiles([
      { ...entry, mediaType: 'text/html', name: 'C:\\fakepath\\shot\u202Egnp.exe', cover: true },
      { ...textEntry, mediaType: 'image/png', cover: true, addedByName: '  Eve\u0000  Evil ' },
    ]);
    expect(read.files[0]).toMatchObject({ mediaType: 'image/png', preview: 'image', name: 'shotgnp.exe' });
    expect(read.files[1]).toMatchObject({
      mediaType: 'application/octet-stream',
      preview: null,
      addedByName: 'Eve Evil',
    });
    expect(read.files[1]!.bytes.type).toBe('application/octet-stream');
    const plan = await planFilesImport(read.files, new Set(['t1']));
    expect(plan.add.map((file) => file.cover)).toEqual([true, false]);
  });

  it('over 25 MB is left out before its bytes are decoded', async () => {
    const entry = await entryOf(text('small'));
    const read = await readImportedFiles([
      { ...entry, size: LOCAL_LIMITS.maxUploadSize + 1 },
      { ...entry, id: newId(), data: 'A'.repeat(4 * Math.ceil(LOCAL_LIMITS.maxUploadSize / 3) + 4) },
    ]);
    expect(read).toEqual({ files: [], unreadable: 0, tooLarge: 2 });
  });
});

describe('import: planned against what is kept here', () => {
  it('at most 100 files on a task: the rest are left out', async () => {
    const held = Array.from({ length: LOCAL_LIMITS.perTask - 1 }, () => record('t1', text('x')));
    const source = [record('t1', text('a')), record('t1', text('b')), record('t2', text('c'))];
    await keep(...source);
    const files = await exported(['t1', 't2']);
    await (await filesDb()).clear('files');
    await keep(...held);
    const read = await readImportedFiles(files);
    const plan = await planFilesImport(read.files, new Set(['t1', 't2']));
    expect(plan.add.map((file) => file.task)).toEqual(['t1', 't2']);
    expect(plan.overLimit).toBe(1);
  });

  it('files of tasks the import does not take are left out', async () => {
    await keep(record('t1', text('a')), record('t2', text('b')));
    const files = await exported(['t1', 't2']);
    await (await filesDb()).clear('files');
    const { plan } = await importFiles(files, ['t2']);
    expect(plan.ofTasksLeftOut).toBe(1);
    expect((await kept()).map((file) => file.task)).toEqual(['t2']);
  });

  it('one cover per task: a cover kept here stays, the file’s first cover otherwise', async () => {
    const cover = { mediaType: 'image/png', preview: 'image' as const, cover: true };
    await keep(record('t1', PNG, cover), record('t2', PNG, cover), record('t2', PNG, cover));
    const files = await exported(['t1', 't2']);
    await (await filesDb()).clear('files');
    const mine = record('t1', PNG, cover);
    await keep(mine);
    const { plan } = await importFiles(files, ['t1', 't2']);
    expect(plan.add.map((file) => [file.task, file.cover])).toEqual([
      ['t1', false],
      ['t2', true],
      ['t2', false],
    ]);
    const covers = (await kept()).filter((file) => file.cover);
    expect(covers.map((file) => file.task).sort()).toEqual(['t1', 't2']);
    expect(covers.find((file) => file.task === 't1')!.id).toBe(mine.id);
  });

  it('says why the browser refused: no room, or no storage', () => {
    expect(transferFailureMessage(new DOMException('full', 'QuotaExceededError'))).toBe(
      LOCAL_FILE_MESSAGES.noRoom,
    );
    expect(transferFailureMessage(new Error('closed'))).toBe(LOCAL_FILE_MESSAGES.unavailable);
  });
});
