import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskAttachment } from '@/features/attachments/model/protocol';
import { ApiError } from '@/shared/http/http';
import { announceComments } from '@/shared/realtime/live-comments';
import { uploadFile } from './attachments-api';
import { filesDb } from './files-db';
import {
  discardWaiting,
  keepWaiting,
  sendWaiting,
  WAITING_CAP_BYTES,
  WAITING_MESSAGES,
  waitingFor,
} from './waiting-uploads';

/** Team mode's files picked offline (./waiting-uploads.ts): kept up to a cap, sent oldest first. */

vi.mock('@/shared/realtime/live-comments', () => ({
  announceComments: vi.fn(),
  onCommentsChanged: vi.fn(() => () => undefined),
}));
vi.mock('./attachments-api', () => ({ uploadFile: vi.fn() }));

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MB = 1024 * 1024;

let serial = 0;
const newId = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

function keep(task: string, extra: { account?: string; bytes?: Blob; name?: string; now?: Date } = {}) {
  const { account = 'alice', bytes = new Blob([`bytes of ${task}`]), name = `${task}.txt`, now = T0 } = extra;
  return keepWaiting({ id: newId(), task, account, name, bytes }, now);
}

async function waitingIds(): Promise<string[]> {
  return (await (await filesDb()).getAll('waiting')).map((item) => item.id).sort();
}

/** The ids uploadFile was called with, in order. */
const sentIds = () => vi.mocked(uploadFile).mock.calls.map(([input]) => input.id);

const httpError = (status: number, message = `refused with ${status}`) =>
  new ApiError('http', message, { status });

beforeEach(async () => {
  const db = await filesDb();
  await db.clear('files');
  await db.clear('waiting');
  vi.mocked(announceComments).mockClear();
  vi.mocked(uploadFile).mockReset();
  vi.mocked(uploadFile).mockImplementation(async (input) => ({ id: input.id }) as TaskAttachment);
});

describe('keeping a file until the connection returns', () => {
  it('keeps the file with its size and the time it was picked, and says so on the task', async () => {
    const bytes = new Blob(['hello, offline']);
    const kept = await keep('task-1', { bytes, name: 'hello.txt', now: at(5) });
    expect(kept).toMatchObject({ task: 'task-1', account: 'alice', name: 'hello.txt', size: bytes.size });
    expect(kept.queuedAt).toBe(at(5).toISOString());
    expect(kept.refused).toBeUndefined();
    expect(announceComments).toHaveBeenCalledWith('task-1');
    const [stored] = await waitingFor('task-1', 'alice');
    expect(await stored?.bytes.text()).toBe('hello, offline');
  });

  it('holds at most the cap on this device, every account’s files counted, then refuses (507)', async () => {
    const mb = new Blob([new Uint8Array(MB)]);
    const megabytes = (n: number) => new Blob(Array.from({ length: n }, () => mb));
    expect(WAITING_CAP_BYTES).toBe(200 * MB);
    await keep('task-1', { bytes: megabytes(150) });
    await keep('task-2', { bytes: megabytes(50), account: 'bob' });

    vi.mocked(announceComments).mockClear();
    const message =
      'This device holds 200 MB of files waiting to be sent, the most it keeps. Send those first (go online), or discard some.';
    expect(WAITING_MESSAGES.full(WAITING_CAP_BYTES)).toBe(message);
    const refused = await keep('task-3', { bytes: new Blob(['x']) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 507, message });
    expect(await waitingFor('task-3', 'alice')).toEqual([]);
    expect(announceComments).not.toHaveBeenCalled();

    // Discarding one makes room again.
    const [bobs] = await waitingFor('task-2', 'bob');
    await discardWaiting(bobs!.id);
    await expect(keep('task-3', { bytes: new Blob(['x']) })).resolves.toMatchObject({ size: 1 });
  });
});

describe('the files waiting for a task', () => {
  it('are the account’s own, for that task, oldest first', async () => {
    const second = await keep('task-1', { now: at(2000) });
    const first = await keep('task-1', { now: at(1000) });
    await keep('task-1', { account: 'bob', now: at(0) });
    await keep('task-2', { now: at(0) });
    expect((await waitingFor('task-1', 'alice')).map((item) => item.id)).toEqual([first.id, second.id]);
    expect(await waitingFor('task-1', 'carol')).toEqual([]);
  });

  it('leave when discarded (the task told); discarding one not kept does nothing', async () => {
    const kept = await keep('task-1');
    vi.mocked(announceComments).mockClear();
    await discardWaiting(kept.id);
    expect(await waitingFor('task-1', 'alice')).toEqual([]);
    expect(announceComments).toHaveBeenCalledWith('task-1');

    vi.mocked(announceComments).mockClear();
    await discardWaiting(newId());
    expect(announceComments).not.toHaveBeenCalled();
  });
});

describe('sending the waiting files', () => {
  it('sends the account’s files oldest first, under their ids, and lets each go once sent', async () => {
    const third = await keep('task-3', { now: at(3000) });
    const first = await keep('task-1', { now: at(1000), name: 'one.txt' });
    const second = await keep('task-2', { now: at(2000) });
    vi.mocked(announceComments).mockClear();

    await sendWaiting('alice');
    expect(sentIds()).toEqual([first.id, second.id, third.id]);
    const [input] = vi.mocked(uploadFile).mock.calls[0]!;
    expect(input).toMatchObject({ id: first.id, task: 'task-1', name: 'one.txt' });
    expect(await input.file.text()).toBe('bytes of task-1');
    expect(await waitingIds()).toEqual([]);
    expect(vi.mocked(announceComments).mock.calls.map(([task]) => task)).toEqual([
      'task-1',
      'task-2',
      'task-3',
    ]);
  });

  it('sends no file of another account signed in on this device', async () => {
    const bobs = await keep('task-1', { account: 'bob', now: at(0) });
    const alices = await keep('task-1', { account: 'alice', now: at(1) });
    await sendWaiting('alice');
    expect(sentIds()).toEqual([alices.id]);
    expect(await waitingIds()).toEqual([bobs.id]);
  });

  it.each([
    ['offline (a network error, no status)', new ApiError('network', 'Could not reach the server.')],
    ['a timeout', new ApiError('timeout', 'The server took too long.')],
    ['a server error (500)', httpError(500)],
    ['storage down (503)', httpError(503)],
    ['too many requests (429)', httpError(429)],
    ['a session to renew (401)', httpError(401)],
    ['an error that is not an ApiError', new TypeError('Failed to fetch')],
  ])('stops at %s and keeps the rest waiting, none refused', async (_case, failure) => {
    const first = await keep('task-1', { now: at(1) });
    const second = await keep('task-2', { now: at(2) });
    const third = await keep('task-3', { now: at(3) });
    vi.mocked(uploadFile).mockImplementation(async (input) => {
      if (input.id === second.id) throw failure;
      return { id: input.id } as TaskAttachment;
    });
    vi.mocked(announceComments).mockClear();

    await sendWaiting('alice');
    expect(sentIds()).toEqual([first.id, second.id]);
    expect(await waitingIds()).toEqual([second.id, third.id].sort());
    const items = await (await filesDb()).getAll('waiting');
    expect(items.every((item) => item.refused === undefined)).toBe(true);
    expect(vi.mocked(announceComments).mock.calls).toEqual([['task-1']]);

    // The next run starts with the one that had to wait.
    vi.mocked(uploadFile).mockClear();
    vi.mocked(uploadFile).mockImplementation(async (input) => ({ id: input.id }) as TaskAttachment);
    await sendWaiting('alice');
    expect(sentIds()).toEqual([second.id, third.id]);
  });

  it.each([400, 403, 404, 409, 413])(
    'marks a file the server refuses (%i) with its message, and goes on',
    async (status) => {
      const first = await keep('task-1', { now: at(1) });
      const second = await keep('task-2', { now: at(2) });
      const message = 'This file is too large: files can be at most 25 MB.';
      vi.mocked(uploadFile).mockImplementation(async (input) => {
        if (input.id === first.id) throw httpError(status, message);
        return { id: input.id } as TaskAttachment;
      });
      vi.mocked(announceComments).mockClear();

      await sendWaiting('alice');
      expect(sentIds()).toEqual([first.id, second.id]);
      const [refused] = await waitingFor('task-1', 'alice');
      expect(refused).toMatchObject({ id: first.id, refused: message });
      expect(await waitingFor('task-2', 'alice')).toEqual([]);
      expect(vi.mocked(announceComments).mock.calls).toEqual([['task-1'], ['task-2']]);

      // A refused file stays, with its message, until discarded: it is not sent again.
      vi.mocked(uploadFile).mockClear();
      await sendWaiting('alice');
      expect(uploadFile).not.toHaveBeenCalled();
      expect(await waitingIds()).toEqual([first.id]);
    },
  );

  it('sends each file once when a page asks twice at the same time', async () => {
    const first = await keep('task-1', { now: at(1) });
    const second = await keep('task-2', { now: at(2) });
    await Promise.all([sendWaiting('alice'), sendWaiting('alice')]);
    expect(sentIds()).toEqual([first.id, second.id]);
  });

  it('sends nothing when nothing waits', async () => {
    await sendWaiting('alice');
    expect(uploadFile).not.toHaveBeenCalled();
  });
});
