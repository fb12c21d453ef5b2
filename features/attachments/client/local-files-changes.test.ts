import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_MESSAGES } from '@/features/attachments/model/rules';
import { ApiError } from '@/shared/http/http';
import { announceComments } from '@/shared/realtime/live-comments';
import { filesDb } from './files-db';
import {
  addLocalFile,
  deleteLocalFile,
  listLocalFiles,
  renameLocalFile,
  restoreLocalFile,
  setLocalCover,
} from './local-files';

/** Changes to the default mode's kept files (./local-files.ts): rename, cover, delete and Undo. */

vi.mock('@/shared/realtime/live-comments', () => ({
  announceComments: vi.fn(),
  onCommentsChanged: vi.fn(() => () => undefined),
}));
vi.mock('./local-thumbnail', () => ({
  makeThumbnail: vi.fn(async () => ({
    blob: new Blob([Uint8Array.of(0x52, 0x49, 0x46, 0x46)], { type: 'image/webp' }),
    width: 64,
    height: 48,
  })),
}));

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;

let serial = 0;
const newId = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

const PNG = Uint8Array.of(
  ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
  ...[0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89],
);

const addImage = (task: string, now = T0) =>
  addLocalFile({ id: newId(), task, file: new Blob([PNG]), name: 'photo.png', addedByName: 'Sam' }, now);
const addText = (task: string, now = T0) =>
  addLocalFile({ id: newId(), task, file: new Blob(['hello']), name: 'notes.txt', addedByName: 'Sam' }, now);

async function refusal(promise: Promise<unknown>): Promise<{ status?: number; message: string }> {
  const error = await promise.then(
    () => new Error('expected a refusal, but the call succeeded'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { status, message } = error as ApiError;
  return { status, message };
}

const notFound = { status: 404, message: ATTACHMENT_MESSAGES.notFound };

async function coversOf(task: string): Promise<string[]> {
  const files = await (await filesDb()).getAllFromIndex('files', 'task', task);
  return files.filter((file) => file.cover).map((file) => file.id);
}

beforeEach(async () => {
  const db = await filesDb();
  await db.clear('files');
  await db.clear('waiting');
  vi.mocked(announceComments).mockClear();
});

describe('renaming a file', () => {
  it('keeps the name trimmed, and changes nothing else', async () => {
    const file = await addText('task-1');
    vi.mocked(announceComments).mockClear();
    const renamed = await renameLocalFile(file.id, '  minutes of the meeting.txt \n');
    expect(renamed).toEqual({ ...file, name: 'minutes of the meeting.txt' });
    expect((await listLocalFiles('task-1')).attachments).toEqual([renamed]);
    expect(announceComments).toHaveBeenCalledWith('task-1');
  });

  it('refuses (404) a file not kept, or deleted', async () => {
    expect(await refusal(renameLocalFile(newId(), 'x'))).toEqual(notFound);
    const file = await addText('task-1');
    await deleteLocalFile(file.id, at(1));
    expect(await refusal(renameLocalFile(file.id, 'x'))).toEqual(notFound);
  });
});

describe('the card’s cover', () => {
  it('is one image per task: a new cover takes the place of the old, other tasks keep theirs', async () => {
    const first = await addImage('task-1');
    const second = await addImage('task-1');
    const elsewhere = await addImage('task-2');
    await setLocalCover(elsewhere.id, true);

    expect(await setLocalCover(first.id, true)).toMatchObject({ id: first.id, cover: true });
    expect(await coversOf('task-1')).toEqual([first.id]);
    vi.mocked(announceComments).mockClear();
    expect(await setLocalCover(second.id, true)).toMatchObject({ cover: true });
    expect(await coversOf('task-1')).toEqual([second.id]);
    expect(await coversOf('task-2')).toEqual([elsewhere.id]);
    expect(announceComments).toHaveBeenCalledWith('task-1');

    expect(await setLocalCover(second.id, false)).toMatchObject({ cover: false });
    expect(await coversOf('task-1')).toEqual([]);
  });

  it('is only an image (400), and a refused cover changes nothing', async () => {
    const image = await addImage('task-1');
    const text = await addText('task-1');
    await setLocalCover(image.id, true);
    vi.mocked(announceComments).mockClear();
    expect(await refusal(setLocalCover(text.id, true))).toEqual({
      status: 400,
      message: 'Only an image can be the card’s cover.',
    });
    expect(await coversOf('task-1')).toEqual([image.id]);
    expect(announceComments).not.toHaveBeenCalled();
    // Saying a file is not the cover is always fine.
    await expect(setLocalCover(text.id, false)).resolves.toMatchObject({ cover: false });
  });

  it('refuses (404) a deleted file, and a deleted cover is a cover no more', async () => {
    const image = await addImage('task-1');
    await setLocalCover(image.id, true);
    await deleteLocalFile(image.id, at(1));
    expect(await coversOf('task-1')).toEqual([]);
    expect(await refusal(setLocalCover(image.id, true))).toEqual(notFound);
  });
});

describe('deleting a file and its Undo', () => {
  it('takes the file off the task; deleting again does nothing', async () => {
    const file = await addText('task-1');
    vi.mocked(announceComments).mockClear();
    await deleteLocalFile(file.id, at(1000));
    expect((await listLocalFiles('task-1')).attachments).toEqual([]);
    expect(announceComments).toHaveBeenCalledTimes(1);
    expect(announceComments).toHaveBeenCalledWith('task-1');

    await deleteLocalFile(file.id, at(5000));
    await deleteLocalFile(newId(), at(5000));
    expect(announceComments).toHaveBeenCalledTimes(1);
    // The day of Undo still counts from the first delete.
    expect((await (await filesDb()).get('files', file.id))?.deletedAt).toBe(at(1000).toISOString());
  });

  it('restores within a day (not a day exactly, as the server), the bytes unchanged', async () => {
    const file = await addText('task-1');
    await deleteLocalFile(file.id, at(0));
    vi.mocked(announceComments).mockClear();
    expect(await refusal(restoreLocalFile(file.id, at(DAY)))).toMatchObject({ status: 409 });
    expect(await restoreLocalFile(file.id, at(DAY - 1))).toEqual(file);
    expect((await listLocalFiles('task-1')).attachments).toEqual([file]);
    expect(announceComments).toHaveBeenCalledWith('task-1');
    expect(await (await (await filesDb()).get('files', file.id))!.bytes.text()).toBe('hello');

    await deleteLocalFile(file.id, at(DAY + 10));
    await expect(restoreLocalFile(file.id, at(DAY + 20))).resolves.toMatchObject({ id: file.id });
  });

  it('refuses (409) after a day, and (404) a file never kept', async () => {
    const file = await addText('task-1');
    await deleteLocalFile(file.id, at(0));
    expect(await refusal(restoreLocalFile(file.id, at(DAY + 1)))).toEqual({
      status: 409,
      message: 'That file can no longer be restored.',
    });
    expect(ATTACHMENT_MESSAGES.restoreGone).toBe('That file can no longer be restored.');
    expect((await listLocalFiles('task-1')).attachments).toEqual([]);
    expect(await refusal(restoreLocalFile(newId(), at(0)))).toEqual(notFound);
  });

  it('answers a file not deleted as it is', async () => {
    const file = await addText('task-1');
    expect(await restoreLocalFile(file.id, at(DAY * 3))).toEqual(file);
  });

  it('restores a deleted cover as a file, not as the cover', async () => {
    const image = await addImage('task-1');
    await setLocalCover(image.id, true);
    await deleteLocalFile(image.id, at(1));
    expect(await restoreLocalFile(image.id, at(2))).toMatchObject({ cover: false });
  });

  // BUG (left failing on purpose): restoreLocalFile does not check the task's room, so an Undo can
  // take a task past LOCAL_LIMITS.perTask. The server's restoreAttachment calls checkRoom and answers
  // 409 tooMany (features/attachments/server/attachment-changes.ts).
  it('refuses (409) an Undo that would take the task past 100 files', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push((await addText('full', at(i))).id);
    await deleteLocalFile(ids[0]!, at(1000));
    await addText('full', at(2000));
    expect(await refusal(restoreLocalFile(ids[0]!, at(3000)))).toEqual({
      status: 409,
      message: 'This task already has 100 files, the most one task can hold.',
    });
    expect((await listLocalFiles('full')).attachments).toHaveLength(100);
  });
});
