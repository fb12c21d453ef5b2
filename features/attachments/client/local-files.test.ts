import 'fake-indexeddb/auto';
import { resolveObjectURL } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_MESSAGES } from '@/features/attachments/model/rules';
import { ApiError } from '@/shared/http/http';
import { announceComments } from '@/shared/realtime/live-comments';
import { filesDb } from './files-db';
import {
  addLocalFile,
  deleteLocalFile,
  LOCAL_FILE_MESSAGES,
  LOCAL_LIMITS,
  listLocalFiles,
} from './local-files';
import { makeThumbnail } from './local-thumbnail';

/**
 * The default mode's files, added and read (./local-files.ts): the bytes kept as given, the type
 * sniffed from them, the limits. Changes to kept files are in ./local-files-changes.test.ts.
 */

vi.mock('@/shared/realtime/live-comments', () => ({
  announceComments: vi.fn(),
  onCommentsChanged: vi.fn(() => () => undefined),
}));
vi.mock('./local-thumbnail', () => ({ makeThumbnail: vi.fn() }));

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MB = 1024 * 1024;

let serial = 0;
const newId = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

/** A PNG's signature and IHDR chunk (1×1): what file-type needs to say image/png. */
const PNG = Uint8Array.of(
  ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
  ...[0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89],
);

/** Bytes no signature matches (a fixed pseudo-random sequence, starting with 0x01). */
function noiseBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let state = 12345;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  bytes[0] = 0x01;
  return bytes;
}

async function sha256(blob: { arrayBuffer(): Promise<ArrayBuffer> }): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Buffer.from(digest).toString('hex');
}

function add(task: string, file: Blob, extra: { id?: string; name?: string; now?: Date } = {}) {
  const { id = newId(), name = 'notes.txt', now = T0 } = extra;
  return addLocalFile({ id, task, file, name, addedByName: 'Sam' }, now);
}

/** The refusal `promise` ends with (fails the test when it succeeds or throws anything else). */
async function refusal(promise: Promise<unknown>): Promise<{ status?: number; message: string }> {
  const error = await promise.then(
    () => new Error('expected a refusal, but the call succeeded'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { status, message } = error as ApiError;
  return { status, message };
}

const THUMBNAIL = new Blob([Uint8Array.of(0x52, 0x49, 0x46, 0x46)], { type: 'image/webp' });

beforeEach(async () => {
  const db = await filesDb();
  await db.clear('files');
  await db.clear('waiting');
  vi.mocked(announceComments).mockClear();
  vi.mocked(makeThumbnail).mockReset();
  vi.mocked(makeThumbnail).mockResolvedValue({ blob: THUMBNAIL, width: 640, height: 480 });
});

describe('adding a file in the default mode', () => {
  it('keeps the bytes exactly as given, and answers the file the task view shows', async () => {
    const bytes = noiseBytes(300_000);
    const input = new Blob([bytes], { type: 'application/x-whatever' });
    const attachment = await add('task-1', input, { name: 'data.bin' });

    const stored = await (await filesDb()).get('files', attachment.id);
    expect(stored).toBeDefined();
    expect(await sha256(stored!.bytes)).toBe(await sha256(input));
    expect(stored!.size).toBe(bytes.length);
    // The address the page opens serves the same bytes.
    const served = resolveObjectURL(attachment.url);
    expect(served && (await sha256(served))).toBe(await sha256(input));

    expect(attachment).toMatchObject({
      task: 'task-1',
      name: 'data.bin',
      size: 300_000,
      addedById: null,
      addedByName: 'Sam',
      addedAt: T0.toISOString(),
      cover: false,
    });
    expect(announceComments).toHaveBeenCalledWith('task-1');
    expect((await listLocalFiles('task-1')).attachments).toEqual([attachment]);
  });

  it('sniffs the type from the bytes, not the name: a PNG named x.txt is an image with a thumbnail', async () => {
    const attachment = await add('task-1', new Blob([PNG], { type: 'text/plain' }), { name: 'x.txt' });
    expect(attachment).toMatchObject({ name: 'x.txt', mediaType: 'image/png', preview: 'image' });
    expect(attachment).toMatchObject({ width: 640, height: 480 });
    expect(makeThumbnail).toHaveBeenCalledTimes(1);
    expect(attachment.thumbnailUrl).not.toBeNull();
    expect(resolveObjectURL(attachment.url)?.type).toBe('image/png');
    expect(resolveObjectURL(attachment.thumbnailUrl!)?.type).toBe('image/webp');
  });

  it('sniffs the type from the bytes, not the name: noise named x.png is only downloaded', async () => {
    const file = new Blob([noiseBytes(4096)], { type: 'image/png' });
    const attachment = await add('task-1', file, { name: 'x.png' });
    expect(attachment).toMatchObject({ mediaType: 'application/octet-stream', preview: null });
    expect(attachment).toMatchObject({ thumbnailUrl: null, width: null, height: null });
    expect(makeThumbnail).not.toHaveBeenCalled();
    expect(resolveObjectURL(attachment.url)?.type).toBe('application/octet-stream');
  });

  it('serves what may not preview (an SVG, which can carry scripts) as a download', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const attachment = await add('task-1', new Blob([svg], { type: 'image/svg+xml' }), { name: 'a.svg' });
    expect(attachment.preview).toBeNull();
    expect(resolveObjectURL(attachment.url)?.type).toBe('application/octet-stream');
  });

  it('previews a PDF as a PDF, with no thumbnail', async () => {
    const pdf = new Blob(['%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n'], { type: '' });
    const attachment = await add('task-1', pdf, { name: 'report' });
    expect(attachment).toMatchObject({ mediaType: 'application/pdf', preview: 'pdf', thumbnailUrl: null });
    expect(makeThumbnail).not.toHaveBeenCalled();
    expect(resolveObjectURL(attachment.url)?.type).toBe('application/pdf');
  });

  it('keeps an image whose thumbnail cannot be made, without one', async () => {
    vi.mocked(makeThumbnail).mockResolvedValueOnce(null);
    const attachment = await add('task-1', new Blob([PNG]), { name: 'broken.png' });
    expect(attachment).toMatchObject({ preview: 'image', thumbnailUrl: null, width: null, height: null });
  });

  it('answers a file id kept already with that file, and keeps it once (a file sent twice)', async () => {
    const id = newId();
    const first = await add('task-1', new Blob(['first']), { id, name: 'first.txt' });
    vi.mocked(announceComments).mockClear();
    const again = await add('task-1', new Blob(['second, longer']), {
      id,
      name: 'second.txt',
      now: at(5000),
    });
    expect(again).toEqual(first);
    expect(announceComments).not.toHaveBeenCalled();
    const stored = await (await filesDb()).getAll('files');
    expect(stored).toHaveLength(1);
    expect(await stored[0]!.bytes.text()).toBe('first');
  });

  it('refuses (409) an id another task’s file, or a deleted file, holds, as the server does', async () => {
    const id = newId();
    await add('task-1', new Blob(['first']), { id });
    const taken = { status: 409, message: 'A file with this id already exists.' };
    expect(await refusal(add('task-2', new Blob(['other']), { id }))).toEqual(taken);
    await deleteLocalFile(id, at(10));
    expect(await refusal(add('task-1', new Blob(['again']), { id }))).toEqual(taken);
  });
});

describe('the limits of the browser’s files', () => {
  it('are those of a server with the defaults', () => {
    expect(LOCAL_LIMITS).toEqual({ maxUploadSize: 25 * MB, perTask: 100 });
  });

  it('take a file of 25 MB and refuse one byte more (413), keeping nothing', async () => {
    const mb = new Blob([new Uint8Array(MB)]);
    const exactly = new Blob(Array.from({ length: 25 }, () => mb));
    expect((await add('task-1', exactly)).size).toBe(25 * MB);

    vi.mocked(announceComments).mockClear();
    const tooLarge = new Blob([exactly, new Uint8Array(1)]);
    expect(await refusal(add('task-2', tooLarge))).toEqual({
      status: 413,
      message: 'This file is too large: files can be at most 25 MB.',
    });
    expect(ATTACHMENT_MESSAGES.tooLarge(LOCAL_LIMITS.maxUploadSize)).toBe(
      'This file is too large: files can be at most 25 MB.',
    );
    expect((await listLocalFiles('task-2')).attachments).toEqual([]);
    expect(announceComments).not.toHaveBeenCalled();
  });

  it('hold 100 files per task (409 for the next), counting neither deleted files nor other tasks', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push((await add('full', new Blob([`file ${i}`]), { now: at(i) })).id);

    const message = 'This task already has 100 files, the most one task can hold.';
    expect(ATTACHMENT_MESSAGES.tooMany(100)).toBe(message);
    expect(await refusal(add('full', new Blob(['one more'])))).toEqual({ status: 409, message });
    // A file sent twice is answered even so: it is kept already.
    expect((await add('full', new Blob(['file 99']), { id: ids[99] })).id).toBe(ids[99]);
    // Another task has room.
    await expect(add('other', new Blob(['x']))).resolves.toMatchObject({ task: 'other' });
    // A deleted file makes room.
    await deleteLocalFile(ids[0]!, at(1000));
    await expect(add('full', new Blob(['one more']))).resolves.toMatchObject({ task: 'full' });
    expect((await listLocalFiles('full')).attachments).toHaveLength(100);
  });
});

describe('listing a task’s files', () => {
  it('lists the task’s files not deleted, oldest first, with the limits', async () => {
    const late = await add('task-1', new Blob(['late']), { now: at(2000), name: 'late' });
    const early = await add('task-1', new Blob(['early']), { now: at(1000), name: 'early' });
    const gone = await add('task-1', new Blob(['gone']), { now: at(500), name: 'gone' });
    await add('task-2', new Blob(['elsewhere']), { now: at(0) });
    await deleteLocalFile(gone.id, at(3000));

    const list = await listLocalFiles('task-1');
    expect(list.attachments.map((file) => file.name)).toEqual(['early', 'late']);
    expect(list.attachments).toEqual([early, late]);
    expect(list.limits).toEqual(LOCAL_LIMITS);
    expect((await listLocalFiles('no-such-task')).attachments).toEqual([]);
  });
});

describe('when the browser cannot keep a file', () => {
  it('says there is no room (quota) or that storage is unavailable, as an ApiError', async () => {
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    try {
      put.mockImplementationOnce(() => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      });
      expect((await refusal(add('task-1', new Blob(['a'])))).message).toBe(LOCAL_FILE_MESSAGES.noRoom);

      put.mockImplementationOnce(() => {
        throw new DOMException('Something broke.', 'UnknownError');
      });
      expect((await refusal(add('task-1', new Blob(['b'])))).message).toBe(LOCAL_FILE_MESSAGES.unavailable);
    } finally {
      put.mockRestore();
    }
    expect((await listLocalFiles('task-1')).attachments).toEqual([]);
  });
});
