import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttachmentList, TaskAttachment } from '@/features/attachments/model/protocol';
import { getDatabase } from '@/server/db';
import { getFileStore } from '@/server/storage';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { projectTeam } from '@/tests/helpers/projects';
import { assignTo, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { GET as listRoute } from '@/app/api/sync/attachments/route';
import { DELETE as deleteRoute, PATCH as renameRoute } from '@/app/api/sync/attachments/[id]/route';
import { POST as restoreRoute } from '@/app/api/sync/attachments/[id]/restore/route';
import { GET as countsRoute } from '@/app/api/sync/attachments/counts/route';
import { DELETE, GET, HEAD, PATCH, POST, PUT } from './route';
import { sweepDeletedAttachments } from '@/features/attachments/server/attachment-changes';
import { waitForThumbnails } from '@/features/attachments/server/thumbnails';

type Body = { attachment?: TaskAttachment; message?: string; code?: string } & Partial<AttachmentList>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

/** PUT /api/files/{id}: `bytes` as the body; `declare` false sends no Content-Length. */
async function upload(
  token: string | undefined,
  task: string,
  name: string,
  bytes: Uint8Array,
  options: { id?: string; declare?: boolean | number } = {},
) {
  const id = options.id ?? randomUUID();
  const headers: Record<string, string> = { 'x-forwarded-for': '203.0.113.10' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.declare !== false)
    headers['content-length'] = String(typeof options.declare === 'number' ? options.declare : bytes.length);
  const query = new URLSearchParams({ task, name });
  const request = new Request(`http://tasklane.test/api/files/${id}?${query}`, {
    method: 'PUT',
    headers,
    body: new Blob([new Uint8Array(bytes)]).stream(),
    duplex: 'half',
  } as RequestInit);
  const response = await PUT(request, { params: Promise.resolve({ id }) });
  const text = await response.text();
  return { id, status: response.status, body: (text ? JSON.parse(text) : {}) as Body, text };
}

async function download(token: string | undefined, id: string, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { ...headers };
  if (token) all.authorization = `Bearer ${token}`;
  const request = new Request(`http://tasklane.test/api/files/${id}`, { headers: all });
  const response = await GET(request, { params: Promise.resolve({ id }) });
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

function list(token: string, task: string) {
  return call<Body>(listRoute, `/api/sync/attachments?task=${task}`, { token });
}

function remove(token: string, id: string) {
  return call<Body>(deleteRoute, `/api/sync/attachments/${id}`, { token, method: 'DELETE', params: { id } });
}

function restore(token: string, id: string) {
  return call<Body>(restoreRoute, `/api/sync/attachments/${id}/restore`, {
    token,
    method: 'POST',
    params: { id },
  });
}

function rename(token: string, id: string, name: unknown) {
  return call<Body>(renameRoute, `/api/sync/attachments/${id}`, {
    token,
    method: 'PATCH',
    body: { name },
    params: { id },
  });
}

/** Olive owns `t1` (assigned to Ash); Max sees nothing of it; Ada is an admin. */
async function team() {
  const olive = await createUserWithToken({ fullName: 'Olive Owner' });
  const ash = await createUserWithToken({ fullName: 'Ash Assignee' });
  const max = await createUserWithToken({ fullName: 'Max Member' });
  const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
  const res = await push(olive.token, 'olive-pc', [
    upsertOp('o1', 't1', { title: 'Shared', ...assignTo(ash.user) }),
  ]);
  expect(res.status, res.text).toBe(200);
  return { olive, ash, max, ada };
}

describe('/api/files with TEAM_SYNC=off', () => {
  it('answers 404 SYNC_DISABLED on every endpoint, before looking at the token', async () => {
    await expectSyncDisabled(async () => {
      const { token } = await createAdminWithToken();
      const up = await upload(token, 't1', 'a.txt', Buffer.from('x'));
      const id = randomUUID();
      return [
        { status: up.status, headers: new Headers(), body: up.body, text: up.text },
        await call(GET, `/api/files/${id}`, { token, params: { id } }),
        await list(token, 't1'),
        await remove(token, id),
      ];
    });
  });
});

describe('/api/files', () => {
  it('stores a file streamed to it and gives the same bytes back, with its name and sniffed type', async () => {
    const { olive, ash } = await team();
    const bytes = Buffer.from('Quarterly report\n'.repeat(1000));
    const res = await upload(olive.token, 't1', 'C:\\fakepath\\report.txt', bytes);
    expect(res.status, res.text).toBe(201);
    expect(res.body.attachment).toMatchObject({
      id: res.id,
      task: 't1',
      name: 'report.txt',
      size: bytes.length,
      mediaType: 'application/octet-stream',
      preview: null,
      addedById: olive.user.id,
      addedByName: 'Olive Owner',
      url: `/api/files/${res.id}`,
    });
    // The assignee sees it in the list and downloads the same bytes, as a download in a sandbox.
    const listed = await list(ash.token, 't1');
    expect(listed.body.attachments!.map((item) => item.name)).toEqual(['report.txt']);
    expect(listed.body.limits).toEqual({ maxUploadSize: 25 * 1024 * 1024, perTask: 100 });
    const got = await download(ash.token, res.id);
    expect(got.status).toBe(200);
    expect(sha256(got.bytes)).toBe(sha256(bytes));
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="report.txt"; filename*=UTF-8''report.txt`,
    );
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('content-security-policy')).toBe("sandbox; frame-ancestors 'none'");
    expect(got.headers.get('cache-control')).toBe('private, no-cache');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
  });

  it('trusts the bytes, not the name: a PNG named .txt shows inline; HTML named .png downloads', async () => {
    const { olive } = await team();
    const png = await upload(olive.token, 't1', 'notes.txt', PNG);
    expect(png.body.attachment).toMatchObject({ mediaType: 'image/png', preview: 'image' });
    const shown = await download(olive.token, png.id);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('content-disposition')).toMatch(/^inline; /);
    const html = await upload(
      olive.token,
      't1',
      'cat.png',
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(html.body.attachment).toMatchObject({ mediaType: 'application/octet-stream', preview: null });
    const got = await download(olive.token, html.id);
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(got.headers.get('content-security-policy')).toBe("sandbox; frame-ancestors 'none'");
  });

  it('keeps a name in any script exactly, with an ASCII fallback', async () => {
    const { olive } = await team();
    const res = await upload(olive.token, 't1', 'Résumé «final» 100%.pdf', Buffer.from('%PDF-1.4\n%…'));
    expect(res.body.attachment!.name).toBe('Résumé «final» 100%.pdf');
    const got = await download(olive.token, res.id);
    expect(got.headers.get('content-disposition')).toBe(
      `inline; filename="R_sum_ _final_ 100_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%C2%ABfinal%C2%BB%20100%25.pdf`,
    );
  });

  it('answers a retried upload with the stored file, and refuses the id for anything else', async () => {
    const { olive, ash } = await team();
    const bytes = Buffer.from('once');
    const first = await upload(olive.token, 't1', 'a.txt', bytes);
    const again = await upload(olive.token, 't1', 'a.txt', bytes, { id: first.id });
    expect(again.status).toBe(200);
    expect(again.body.attachment).toEqual(first.body.attachment);
    const other = await upload(ash.token, 't1', 'b.txt', bytes, { id: first.id });
    expect(other.status).toBe(409);
    expect((await list(olive.token, 't1')).body.attachments).toHaveLength(1);
  });

  it('refuses a file over MAX_UPLOAD_SIZE, declared or counted, and stores nothing', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', MAX_UPLOAD_SIZE: '1KB' });
    try {
      const { olive } = await team();
      const exact = await upload(olive.token, 't1', 'exact.bin', Buffer.alloc(1024, 1));
      expect(exact.status, exact.text).toBe(201);
      const declared = await upload(olive.token, 't1', 'big.bin', Buffer.alloc(1025, 1));
      expect(declared.status).toBe(413);
      expect(declared.body).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'This file is too large: files can be at most 1 kB.',
      });
      const counted = await upload(olive.token, 't1', 'sneaky.bin', Buffer.alloc(5000, 1), {
        declare: false,
      });
      expect(counted.status).toBe(413);
      expect(counted.body.message).toMatch(/too large/);
      expect((await list(olive.token, 't1')).body.attachments!.map((item) => item.name)).toEqual([
        'exact.bin',
      ]);
      const keys: string[] = [];
      for await (const entry of getFileStore().list('attachments/')) keys.push(entry.key);
      const { db, tables } = await getDatabase();
      const rows = await db.select({ key: tables.taskAttachments.storageKey }).from(tables.taskAttachments);
      // Every stored object belongs to a row (this worker's store may hold other tests' files too).
      expect(keys.filter((key) => key.includes(declared.id) || key.includes(counted.id))).toEqual([]);
      expect(rows.map((row) => row.key).every((key) => keys.includes(key))).toBe(true);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });

  it('refuses a body shorter than its declared length (cut on the way), keeping nothing', async () => {
    const { olive } = await team();
    const cut = await upload(olive.token, 't1', 'cut.bin', Buffer.alloc(500, 3), { declare: 1000 });
    expect(cut.status).toBe(400);
    expect(cut.body.message).toBe('The file arrived cut short. Please try again.');
    expect((await list(olive.token, 't1')).body.attachments).toEqual([]);
    const keys: string[] = [];
    for await (const entry of getFileStore().list('attachments/')) keys.push(entry.key);
    expect(keys.filter((key) => key.includes(cut.id))).toEqual([]);
  });

  it('keeps to MAX_ATTACHMENTS_PER_TASK', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', MAX_ATTACHMENTS_PER_TASK: '2' });
    try {
      const { olive } = await team();
      expect((await upload(olive.token, 't1', '1.txt', Buffer.from('1'))).status).toBe(201);
      expect((await upload(olive.token, 't1', '2.txt', Buffer.from('2'))).status).toBe(201);
      const third = await upload(olive.token, 't1', '3.txt', Buffer.from('3'));
      expect(third.status).toBe(409);
      expect(third.body.message).toBe('This task already has 2 files, the most one task can hold.');
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });

  it('serves a range, answers 304 to its ETag, 416 past the end, and HEAD without a body', async () => {
    const { olive } = await team();
    const bytes = Buffer.from('0123456789');
    const { id } = await upload(olive.token, 't1', 'digits.txt', bytes);
    const part = await download(olive.token, id, { range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expect(Buffer.from(part.bytes).toString()).toBe('2345');
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    const tail = await download(olive.token, id, { range: 'bytes=-3' });
    expect(Buffer.from(tail.bytes).toString()).toBe('789');
    expect((await download(olive.token, id, { range: 'bytes=10-' })).status).toBe(416);
    const cached = await download(olive.token, id, { 'if-none-match': `"${sha256(bytes)}"` });
    expect(cached.status).toBe(304);
    expect(cached.bytes.length).toBe(0);
    const head = await HEAD(
      new Request(`http://tasklane.test/api/files/${id}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${olive.token}` },
      }),
      { params: Promise.resolve({ id }) },
    );
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
  });

  it('takes the files cookie for a download (a plain link), never for an upload', async () => {
    const { olive } = await team();
    const { id } = await upload(olive.token, 't1', 'a.txt', Buffer.from('cookie'));
    const got = await download(undefined, id, { cookie: `theme=dark; tasklane_files=${olive.token}` });
    expect(got.status).toBe(200);
    expect(Buffer.from(got.bytes).toString()).toBe('cookie');
    expect((await download(undefined, id)).status).toBe(401);
    expect((await download(undefined, id, { cookie: 'tasklane_files=not-a-token' })).status).toBe(401);
    const request = new Request(`http://tasklane.test/api/files/${randomUUID()}?task=t1&name=x.txt`, {
      method: 'PUT',
      headers: { cookie: `tasklane_files=${olive.token}`, 'content-length': '1' },
      body: 'x',
    });
    const refused = await PUT(request, { params: Promise.resolve({ id: randomUUID() }) });
    expect(refused.status).toBe(401);
  });

  it('hides a task’s files from whoever may not see the task: 404 alike', async () => {
    const { olive, max, ada } = await team();
    const { id } = await upload(olive.token, 't1', 'secret.txt', Buffer.from('secret'));
    const unknown = randomUUID();
    expect((await list(max.token, 't1')).status).toBe(404);
    expect((await download(max.token, id)).status).toBe(404);
    expect((await download(max.token, unknown)).status).toBe(404);
    expect((await upload(max.token, 't1', 'x.txt', Buffer.from('x'))).status).toBe(404);
    expect((await remove(max.token, id)).status).toBe(404);
    expect((await rename(max.token, id, 'y.txt')).status).toBe(404);
    expect((await download(max.token, id)).status).toBe((await download(max.token, unknown)).status);
    // An admin sees every task's files.
    expect((await download(ada.token, id)).status).toBe(200);
  });

  it('in a project: a commenter adds files and changes only their own; a member changes any', async () => {
    const { olive, max, cal, sam, ops } = await projectTeam();
    const pushed = await push(olive.token, 'olive-pc', [
      upsertOp('p1', 'ops-1', { title: 'In OPS', projectId: ops.id }),
    ]);
    expect(pushed.status, pushed.text).toBe(200);
    const own = await upload(olive.token, 'ops-1', 'olive.txt', Buffer.from('o'));
    expect(own.status, own.text).toBe(201);
    const cals = await upload(cal.token, 'ops-1', 'cal.txt', Buffer.from('c'));
    expect(cals.status, cals.text).toBe(201);
    const refused = await remove(cal.token, own.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Only the person who added a file, or someone who may edit the task, can rename or delete it.',
    );
    expect((await rename(cal.token, own.id, 'mine.txt')).status).toBe(403);
    expect((await rename(cal.token, cals.id, 'cal notes.txt')).body.attachment!.name).toBe('cal notes.txt');
    expect((await remove(max.token, own.id)).status).toBe(204);
    expect((await list(sam.token, 'ops-1')).status).toBe(404);
  });
});

describe('/api/sync/attachments/{id}: rename, delete and Undo', () => {
  it('renames (checked), deletes at once, and restores within the day', async () => {
    const { olive, ash } = await team();
    const { id } = await upload(olive.token, 't1', 'draft.txt', Buffer.from('draft'));
    expect((await rename(olive.token, id, '  ')).body.message).toBe('A file needs a name.');
    expect((await rename(olive.token, id, 'a/b.txt')).body.message).toBe(
      'A file name cannot contain / or \\.',
    );
    const renamed = await rename(olive.token, id, 'final.txt');
    expect(renamed.status).toBe(200);
    expect(renamed.body.attachment!.name).toBe('final.txt');
    expect((await download(ash.token, id)).headers.get('content-disposition')).toContain('final.txt');
    expect((await remove(olive.token, id)).status).toBe(204);
    expect((await list(ash.token, 't1')).body.attachments).toEqual([]);
    expect((await download(ash.token, id)).status).toBe(404);
    // Deleting again changes nothing; Undo brings it back for everyone.
    expect((await remove(olive.token, id)).status).toBe(204);
    const back = await restore(olive.token, id);
    expect(back.status).toBe(200);
    expect(back.body.attachment!.name).toBe('final.txt');
    expect((await list(ash.token, 't1')).body.attachments!.map((item) => item.id)).toEqual([id]);
    expect(Buffer.from((await download(ash.token, id)).bytes).toString()).toBe('draft');
  });

  it('keeps a deleted file a day for Undo, then the sweep removes its row and its bytes', async () => {
    const { olive } = await team();
    const kept = await upload(olive.token, 't1', 'kept.txt', Buffer.from('kept'));
    const gone = await upload(olive.token, 't1', 'gone.txt', Buffer.from('gone'));
    const { db, tables } = await getDatabase();
    const [row] = await db
      .select()
      .from(tables.taskAttachments)
      .where(eq(tables.taskAttachments.id, gone.id));
    expect((await remove(olive.token, gone.id)).status).toBe(204);
    // Within the day nothing is swept.
    expect(await sweepDeletedAttachments(new Date(Date.now() + 60_000))).toBe(0);
    // A day and more later: the Undo is over, and the sweep takes it.
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000);
    await db
      .update(tables.taskAttachments)
      .set({ deletedAt: dayAgo })
      .where(eq(tables.taskAttachments.id, gone.id));
    const late = await restore(olive.token, gone.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('That file can no longer be restored.');
    expect(await sweepDeletedAttachments(new Date())).toBe(1);
    expect(
      await db.select().from(tables.taskAttachments).where(eq(tables.taskAttachments.id, gone.id)),
    ).toEqual([]);
    await expect(getFileStore().head(row!.storageKey)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await download(olive.token, kept.id)).status).toBe(200);
  });

  it('counts the files (not deleted) on each task the caller sees', async () => {
    const { olive, ash, max } = await team();
    const pushed = await push(max.token, 'max-pc', [upsertOp('m1', 't2', { title: 'Max only' })]);
    expect(pushed.status).toBe(200);
    await upload(olive.token, 't1', 'a.txt', Buffer.from('a'));
    const second = await upload(olive.token, 't1', 'b.txt', Buffer.from('b'));
    await upload(max.token, 't2', 'c.txt', Buffer.from('c'));
    await remove(olive.token, second.id);
    const counts = (token: string) =>
      call<{ counts: Record<string, number> }>(countsRoute, '/api/sync/attachments/counts', { token });
    expect((await counts(ash.token)).body).toEqual({ counts: { t1: 1 }, covers: {} });
    expect((await counts(max.token)).body.counts).toEqual({ t2: 1 });
  });

  it('makes one image the card’s cover, shown in the counts once its thumbnail is made', async () => {
    const { olive, ash } = await team();
    const first = await upload(olive.token, 't1', 'first.png', PNG);
    const second = await upload(olive.token, 't1', 'second.png', PNG);
    const text = await upload(olive.token, 't1', 'notes.txt', Buffer.from('notes'));
    const cover = (token: string, id: string, value: unknown) =>
      call<Body>(renameRoute, `/api/sync/attachments/${id}`, {
        token,
        method: 'PATCH',
        body: { cover: value },
        params: { id },
      });
    const refused = await cover(olive.token, text.id, true);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Only an image can be the card’s cover.');
    expect((await cover(olive.token, first.id, 'yes')).status).toBe(400);
    expect((await cover(olive.token, first.id, true)).body.attachment!.cover).toBe(true);
    // Another cover unsets the first.
    expect((await cover(olive.token, second.id, true)).body.attachment!.cover).toBe(true);
    const listed = await list(ash.token, 't1');
    expect(listed.body.attachments!.map((item) => [item.name, item.cover])).toEqual([
      ['first.png', false],
      ['second.png', true],
      ['notes.txt', false],
    ]);
    await waitForThumbnails();
    const counts = await call<{ counts: Record<string, number>; covers: Record<string, string> }>(
      countsRoute,
      '/api/sync/attachments/counts',
      { token: ash.token },
    );
    expect(counts.body).toEqual({ counts: { t1: 3 }, covers: { t1: `/api/files/${second.id}/thumbnail` } });
    expect((await cover(olive.token, second.id, false)).body.attachment!.cover).toBe(false);
    const none = await call<{ covers: Record<string, string> }>(countsRoute, '/api/sync/attachments/counts', {
      token: ash.token,
    });
    expect(none.body.covers).toEqual({});
    expect((await rename(olive.token, first.id, undefined)).body.message).toBe(
      'Send a new name or whether the file is the cover.',
    );
  });

  it('answers 405 to the methods it does not take', async () => {
    const { olive } = await team();
    await expectMethodNotAllowed({ POST, PATCH, DELETE }, '/api/files/x', 'GET, PUT', { token: olive.token });
  });
});
