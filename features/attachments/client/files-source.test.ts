import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedInUserStore, userStore } from '@/shared/session/session';
import { uploadFile } from './attachments-api';
import { filesDb } from './files-db';
import { BROWSER_FILES, SERVER_FILES } from './files-source';

/** Where a task's files live (./files-source.ts): the default mode's calls, on this browser's files. */

vi.mock('@/shared/realtime/live-comments', () => ({
  announceComments: vi.fn(),
  onCommentsChanged: vi.fn(() => () => undefined),
}));
vi.mock('./attachments-api', () => ({
  uploadFile: vi.fn(),
  fetchAttachments: vi.fn(),
  renameAttachment: vi.fn(),
  setAttachmentCover: vi.fn(),
  deleteAttachment: vi.fn(),
  restoreAttachment: vi.fn(),
}));
vi.mock('@/shared/session/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/session/session')>()),
  loggedInUserStore: { read: vi.fn(() => null) },
  userStore: { read: vi.fn(() => null) },
}));

let serial = 0;
const newId = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

const upload = (name = 'notes.txt', options?: Parameters<typeof BROWSER_FILES.upload>[1]) =>
  BROWSER_FILES.upload({ id: newId(), task: 'task-1', file: new Blob(['hello']), name }, options);

beforeEach(async () => {
  const db = await filesDb();
  await db.clear('files');
  await db.clear('waiting');
  vi.mocked(loggedInUserStore.read).mockReturnValue(null);
  vi.mocked(userStore.read).mockReturnValue(null);
});

describe('the browser’s files', () => {
  it('are not the team’s; the server’s are', () => {
    expect(BROWSER_FILES.team).toBe(false);
    expect(SERVER_FILES.team).toBe(true);
    expect(SERVER_FILES.upload).toBe(uploadFile);
  });

  it('keep an upload at once and report it done (progress 1), then list it', async () => {
    const onProgress = vi.fn();
    const attachment = await upload('notes.txt', { onProgress });
    expect(onProgress.mock.calls).toEqual([[1]]);
    expect(attachment).toMatchObject({ task: 'task-1', name: 'notes.txt', size: 5 });
    expect((await BROWSER_FILES.list('task-1')).attachments).toEqual([attachment]);
  });

  it('keep nothing of an upload cancelled before it starts (AbortError)', async () => {
    const controller = new AbortController();
    controller.abort();
    const onProgress = vi.fn();
    const error = await upload('notes.txt', { signal: controller.signal, onProgress }).catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(onProgress).not.toHaveBeenCalled();
    expect((await BROWSER_FILES.list('task-1')).attachments).toEqual([]);
    expect(await (await filesDb()).count('files')).toBe(0);
  });

  it('report no progress for an upload refused', async () => {
    const onProgress = vi.fn();
    const tooLarge = new Blob([new Uint8Array(25 * 1024 * 1024 + 1)]);
    await expect(
      BROWSER_FILES.upload({ id: newId(), task: 'task-1', file: tooLarge, name: 'big' }, { onProgress }),
    ).rejects.toMatchObject({ status: 413 });
    expect(onProgress).not.toHaveBeenCalled();
  });

  it('are added by the name signed in with, else the address, else “you”', async () => {
    vi.mocked(loggedInUserStore.read).mockReturnValue({ name: '  Sam Lee ' });
    vi.mocked(userStore.read).mockReturnValue({ email: 'sam@example.com' });
    expect((await upload()).addedByName).toBe('Sam Lee');

    vi.mocked(loggedInUserStore.read).mockReturnValue({ name: '   ' });
    expect((await upload()).addedByName).toBe('sam@example.com');

    vi.mocked(loggedInUserStore.read).mockReturnValue(null);
    vi.mocked(userStore.read).mockReturnValue(null);
    expect((await upload()).addedByName).toBe('you');
  });

  it('rename, delete and restore through the same calls as the server’s', async () => {
    const attachment = await upload('draft.txt');
    expect(await BROWSER_FILES.rename(attachment.id, ' final.txt ')).toMatchObject({ name: 'final.txt' });
    await BROWSER_FILES.remove(attachment.id);
    expect((await BROWSER_FILES.list('task-1')).attachments).toEqual([]);
    expect(await BROWSER_FILES.restore(attachment.id)).toMatchObject({
      id: attachment.id,
      name: 'final.txt',
    });
    expect((await BROWSER_FILES.list('task-1')).attachments).toHaveLength(1);
    await expect(BROWSER_FILES.setCover(attachment.id, true)).rejects.toMatchObject({ status: 400 });
  });
});
