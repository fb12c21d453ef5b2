import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CommentCounts, CommentsPage, TaskComment } from '@/features/comments/model/protocol';
import { getDatabase } from '@/server/db';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { closeStreams, openLiveStream, type SseBlock, type SseReader } from '@/tests/helpers/sse';
import { lifeOp, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { getTestDialect, withClient } from '@/tests/setup/test-database';
import { DELETE as deleteOne, GET as getOne, PATCH, POST as postOne, PUT } from './[id]/route';
import { GET as getCounts, POST as postCounts } from './counts/route';
import { DELETE, GET, PATCH as patchList, POST, PUT as putList } from './route';

const PATH = '/api/sync/comments';

type Body = {
  comment?: TaskComment;
  message?: string;
  code?: string;
} & Partial<CommentsPage> &
  Partial<CommentCounts>;

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

afterEach(() => {
  closeStreams();
});

function list(token: string | undefined, query: Record<string, string>) {
  return call<Body>(GET, `${PATH}?${new URLSearchParams(query)}`, { token });
}

function counts(token: string | undefined, tasks?: string) {
  const query = tasks === undefined ? '' : `?${new URLSearchParams({ tasks })}`;
  return call<Body>(getCounts, `${PATH}/counts${query}`, { token });
}

function put(token: string | undefined, id: string, body: unknown) {
  return call<Body>(PUT, `${PATH}/${id}`, { token, method: 'PUT', body, params: { id } });
}

function edit(token: string | undefined, id: string, body: unknown) {
  return call<Body>(PATCH, `${PATH}/${id}`, { token, method: 'PATCH', body, params: { id } });
}

function remove(token: string | undefined, id: string) {
  return call<Body>(deleteOne, `${PATH}/${id}`, { token, method: 'DELETE', params: { id } });
}

type Person = Awaited<ReturnType<typeof createUserWithToken>>;

/**
 * The cast of most tests: Olive owns `t1`, assigned to Ash; Max is another member (who owns `t2`);
 * Ada is an admin.
 */
async function team() {
  const olive = await createUserWithToken({ fullName: 'Olive Owner' });
  const ash = await createUserWithToken({ fullName: 'Ash Assignee' });
  const max = await createUserWithToken({ fullName: 'Max Member' });
  const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
  const owned = await push(olive.token, 'olive-pc', [
    upsertOp('o1', 't1', { title: 'Shared', assignedTo: 'Ash Assignee', assigneeId: ash.user.id }),
  ]);
  expect(owned.status).toBe(200);
  expect((await push(max.token, 'max-pc', [upsertOp('m1', 't2', { title: 'Max only' })])).status).toBe(200);
  return { olive, ash, max, ada };
}

/** Posts a comment on `task` as `person`; it must be created (201). */
async function post(person: Person, task: string, body: string, mentions: string[] = []) {
  const res = await put(person.token, randomUUID(), { task, body, mentions });
  expect(res.status, res.text).toBe(201);
  return res.body.comment!;
}

const NOT_FOUND_TASK = { message: 'No such task, or you cannot see it.', code: 'NOT_FOUND' };
const NOT_FOUND_COMMENT = { message: 'No such comment.', code: 'NOT_FOUND' };

describe('/api/sync/comments with TEAM_SYNC=off', () => {
  it('answers 404 SYNC_DISABLED on every endpoint, before looking at the token', async () => {
    await expectSyncDisabled(async () => {
      const { token } = await createAdminWithToken();
      const id = randomUUID();
      return [
        await list(undefined, { task: 't1' }),
        await list(token, { task: 't1' }),
        await counts(token),
        await put(token, id, { task: 't1', body: 'Hi' }),
        await edit(token, id, { body: 'Hi' }),
        await remove(token, id),
      ];
    });
  });
});

describe('/api/sync/comments: tokens and methods', () => {
  it('answers 401 without a valid token, 405 for other methods', async () => {
    const id = randomUUID();
    for (const token of [undefined, 'not-a-token']) {
      for (const res of [
        await list(token, { task: 't1' }),
        await counts(token),
        await put(token, id, { task: 't1', body: 'Hi' }),
        await edit(token, id, { body: 'Hi' }),
        await remove(token, id),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('UNAUTHORIZED');
      }
    }
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ POST, PUT: putList, PATCH: patchList, DELETE }, PATH, 'GET', { token });
    await expectMethodNotAllowed({ POST: postCounts }, `${PATH}/counts`, 'GET', { token });
    await expectMethodNotAllowed({ GET: getOne, POST: postOne }, `${PATH}/${id}`, 'PUT, PATCH, DELETE', {
      token,
    });
  });
});

describe('PUT /api/sync/comments/{id}: who may comment', () => {
  it('lets the owner, the assignee and an admin comment and read; another member gets the unknown task’s 404', async () => {
    const { olive, ash, max, ada } = await team();
    const byOlive = await post(olive, 't1', 'From the owner');
    const byAsh = await post(ash, 't1', 'From the assignee');
    const byAda = await post(ada, 't1', 'From an admin');

    for (const reader of [olive, ash, ada]) {
      const res = await list(reader.token, { task: 't1' });
      expect(res.status).toBe(200);
      expect(res.body.comments!.map((comment) => comment.id)).toEqual([byOlive.id, byAsh.id, byAda.id]);
    }

    // Max cannot see t1: the same answer as for a task that does not exist.
    const unknown = await list(max.token, { task: 'no-such-task' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND_TASK);
    const hidden = await list(max.token, { task: 't1' });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(NOT_FOUND_TASK);
    const write = await put(max.token, randomUUID(), { task: 't1', body: 'Let me in' });
    expect(write.status).toBe(404);
    expect(write.body).toEqual(NOT_FOUND_TASK);
    expect(await put(max.token, randomUUID(), { task: 'no-such-task', body: 'Hi' })).toMatchObject({
      status: 404,
      body: NOT_FOUND_TASK,
    });
    // Nor can Max edit, delete or count the comments of t1.
    expect(await edit(max.token, byOlive.id, { body: 'Mine now' })).toMatchObject({
      status: 404,
      body: NOT_FOUND_COMMENT,
    });
    expect(await remove(max.token, byOlive.id)).toMatchObject({ status: 404, body: NOT_FOUND_COMMENT });
    expect((await counts(max.token)).body).toEqual({ counts: {} });
    expect((await list(olive.token, { task: 't1' })).body.comments).toHaveLength(3);
  });

  it('names the people who may see the task (owner, assignee, admins) on the first page only', async () => {
    const { olive, ash, max, ada } = await team();
    const other = await createAdminWithToken({ fullName: 'Otto Admin' });
    const first = await list(ash.token, { task: 't1', limit: '1' });
    expect(first.status).toBe(200);
    expect(first.body.readers).toEqual([olive.user.id, ash.user.id, ada.user.id, other.user.id].sort());
    expect(first.body.readers).not.toContain(max.user.id);
    await post(olive, 't1', 'One');
    await post(olive, 't1', 'Two');
    const paged = await list(ash.token, { task: 't1', limit: '1' });
    expect(paged.body.next).not.toBeNull();
    const second = await list(ash.token, { task: 't1', limit: '1', after: paged.body.next! });
    expect(second.status).toBe(200);
    expect(second.body).not.toHaveProperty('readers');
    const changes = await list(ash.token, { task: 't1', since: paged.body.since! });
    expect(changes.body).not.toHaveProperty('readers');
    // Max's own task: Max and the admins.
    expect((await list(max.token, { task: 't2' })).body.readers).toEqual(
      [max.user.id, ada.user.id, other.user.id].sort(),
    );
  });

  it('answers 201 with the comment as stored: trimmed, with names, times and no HTML anywhere', async () => {
    const { olive, ash } = await team();
    const id = randomUUID();
    const before = Date.now();
    const res = await put(olive.token, id.toUpperCase(), {
      task: 't1',
      body: '  <script>alert("hi")</script> & <b>bold</b>\n',
      mentions: [ash.user.id, ash.user.id],
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.text).not.toMatch(/&lt;|&amp;/);
    expect(res.body).toEqual({
      comment: {
        id,
        task: 't1',
        authorId: olive.user.id,
        authorName: 'Olive Owner',
        body: '<script>alert("hi")</script> & <b>bold</b>',
        mentions: [{ id: ash.user.id, name: 'Ash Assignee' }],
        createdAt: expect.any(String),
        editedAt: null,
        deletedAt: null,
      },
    });
    expect(Date.parse(res.body.comment!.createdAt)).toBeGreaterThanOrEqual(before);
    const listed = await list(ash.token, { task: 't1' });
    expect(listed.headers.get('content-type')).toBe('application/json');
    expect(listed.body.comments).toEqual([res.body.comment]);
  });

  it('answers a retried post with the stored comment (200); another text or another author under the id is 409', async () => {
    const { olive, ash } = await team();
    const id = randomUUID();
    const first = await put(olive.token, id, { task: 't1', body: 'Once', mentions: [ash.user.id] });
    expect(first.status).toBe(201);
    const again = await put(olive.token, id, { task: 't1', body: ' Once ', mentions: [ash.user.id] });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const taken = { message: 'Another comment already has this id.', code: 'CONFLICT' };
    expect(await put(olive.token, id, { task: 't1', body: 'Twice' })).toMatchObject({
      status: 409,
      body: taken,
    });
    expect(await put(olive.token, id, { task: 't1', body: 'Once' })).toMatchObject({
      status: 409,
      body: taken,
    });
    expect(await put(ash.token, id, { task: 't1', body: 'Once', mentions: [ash.user.id] })).toMatchObject({
      status: 409,
      body: taken,
    });
    expect((await list(olive.token, { task: 't1' })).body.comments).toEqual([first.body.comment]);

    // A retry of a post deleted since answers the deleted comment.
    expect((await remove(olive.token, id)).status).toBe(200);
    const late = await put(olive.token, id, { task: 't1', body: 'Once', mentions: [ash.user.id] });
    expect(late.status).toBe(200);
    expect(late.body.comment).toMatchObject({ id, body: '', mentions: [], deletedAt: expect.any(String) });
  });

  it('stores one comment when the same post arrives twice at once', async () => {
    const { olive } = await team();
    const id = randomUUID();
    const results = await Promise.all([
      put(olive.token, id, { task: 't1', body: 'Racing' }),
      put(olive.token, id, { task: 't1', body: 'Racing' }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 201]);
    expect((await list(olive.token, { task: 't1' })).body.comments).toHaveLength(1);
  });

  it('refuses an id that is not a UUID (400) and a deleted task (409)', async () => {
    const { olive } = await team();
    const bad = await put(olive.token, 'not-a-uuid', { task: 't1', body: 'Hi' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'A comment id must be a UUID.', code: 'VALIDATION_ERROR' });
    const kept = await post(olive, 't1', 'Before the delete');
    expect((await push(olive.token, 'olive-pc', [lifeOp('delete', 'o2', 't1', { baseV: 1 })])).status).toBe(
      200,
    );
    const refused = await put(olive.token, randomUUID(), { task: 't1', body: 'After the delete' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'This task was deleted. Restore it to comment on it.',
      code: 'CONFLICT',
    });
    // The thread can still be read.
    expect((await list(olive.token, { task: 't1' })).body.comments).toEqual([kept]);
  });
});

describe('PUT /api/sync/comments/{id}: the text', () => {
  it('refuses an empty comment with "Write a comment first." and keeps 10,000 characters but not 10,001', async () => {
    const { olive } = await team();
    for (const body of [{ task: 't1', body: '' }, { task: 't1', body: ' \n\t ' }, { task: 't1' }]) {
      const res = await put(olive.token, randomUUID(), body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Write a comment first.', code: 'VALIDATION_ERROR' });
    }
    const longest = await put(olive.token, randomUUID(), { task: 't1', body: 'x'.repeat(10_000) });
    expect(longest.status).toBe(201);
    expect(longest.body.comment!.body).toHaveLength(10_000);
    const tooLong = await put(olive.token, randomUUID(), { task: 't1', body: 'x'.repeat(10_001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      message: 'A comment can be at most 10,000 characters.',
      code: 'VALIDATION_ERROR',
    });
    const control = await put(olive.token, randomUUID(), { task: 't1', body: 'a\u0000b' });
    expect(control.status).toBe(400);
    expect(control.body.message).toBe(
      'A comment cannot contain control characters (only line breaks and tabs).',
    );
    const badTask = await put(olive.token, randomUUID(), { task: '../t1', body: 'Hi' });
    expect(badTask.body.message).toBe('task must be a task uid: 1–64 letters, digits, - or _.');
    expect((await list(olive.token, { task: 't1' })).body.comments).toHaveLength(1);
  });
});

describe('PUT /api/sync/comments/{id}: mentions', () => {
  it('refuses an unknown id and a person who cannot see the task (400), naming them', async () => {
    const { olive, ash, max, ada } = await team();
    const unknown = await put(olive.token, randomUUID(), {
      task: 't1',
      body: 'Hey',
      mentions: [randomUUID()],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      message: 'Someone you mentioned no longer has an account.',
      code: 'VALIDATION_ERROR',
    });
    const hidden = await put(olive.token, randomUUID(), {
      task: 't1',
      body: 'Hey @Max',
      mentions: [ash.user.id, max.user.id],
    });
    expect(hidden.status).toBe(400);
    expect(hidden.body).toEqual({ message: 'Max Member cannot see this task.', code: 'VALIDATION_ERROR' });
    const many = await put(olive.token, randomUUID(), {
      task: 't1',
      body: 'Everyone',
      mentions: Array.from({ length: 21 }, () => randomUUID()),
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('A comment can mention at most 20 people.');
    expect((await list(olive.token, { task: 't1' })).body.comments).toEqual([]);

    // Admins see every task, so they may be mentioned anywhere.
    const ok = await post(ash, 't1', 'Hey', [olive.user.id, ada.user.id]);
    expect(ok.mentions).toEqual([
      { id: olive.user.id, name: 'Olive Owner' },
      { id: ada.user.id, name: 'Ada Admin' },
    ]);
  });

  it('names a deleted author or mentioned person `Former member`, and shows current names', async () => {
    const { olive, ash } = await team();
    const comment = await post(ash, 't1', 'Over to you', [olive.user.id]);
    const { db, tables } = await getDatabase();
    await db
      .update(tables.users)
      .set({ fullName: 'Olive Renamed' })
      .where(eq(tables.users.id, olive.user.id));
    await db.delete(tables.users).where(eq(tables.users.id, ash.user.id));
    const [seen] = (await list(olive.token, { task: 't1' })).body.comments!;
    expect(seen).toMatchObject({
      id: comment.id,
      authorId: null,
      authorName: 'Former member',
      mentions: [{ id: olive.user.id, name: 'Olive Renamed' }],
    });
    await post(olive, 't1', 'Noted');
    await db.delete(tables.users).where(eq(tables.users.id, olive.user.id));
    const admin = await createAdminWithToken();
    const [first, second] = (await list(admin.token, { task: 't1' })).body.comments!;
    expect(first!.mentions).toEqual([{ id: olive.user.id, name: 'Former member' }]);
    expect(second!.authorName).toBe('Former member');
  });
});

describe('PATCH and DELETE /api/sync/comments/{id}', () => {
  it('lets only the author edit: sets editedAt, replaces or keeps the mentions', async () => {
    const { olive, ash, ada } = await team();
    const comment = await post(olive, 't1', 'First draft', [ash.user.id]);
    const forbidden = { message: 'Only the author can edit a comment.', code: 'FORBIDDEN' };
    expect(await edit(ash.token, comment.id, { body: 'Hijacked' })).toMatchObject({
      status: 403,
      body: forbidden,
    });
    expect(await edit(ada.token, comment.id, { body: 'Moderated' })).toMatchObject({
      status: 403,
      body: forbidden,
    });

    const same = await edit(olive.token, comment.id, { body: ' First draft ' });
    expect(same.status).toBe(200);
    expect(same.body.comment).toEqual(comment);

    const edited = await edit(olive.token, comment.id, { body: 'Second draft' });
    expect(edited.status).toBe(200);
    expect(edited.body.comment).toEqual({
      ...comment,
      body: 'Second draft',
      editedAt: expect.any(String),
    });
    expect(Date.parse(edited.body.comment!.editedAt!)).toBeGreaterThanOrEqual(Date.parse(comment.createdAt));
    const cleared = await edit(olive.token, comment.id, { body: 'Second draft', mentions: [ada.user.id] });
    expect(cleared.body.comment!.mentions).toEqual([{ id: ada.user.id, name: 'Ada Admin' }]);
    expect((await list(ash.token, { task: 't1' })).body.comments).toEqual([cleared.body.comment]);

    const empty = await edit(olive.token, comment.id, { body: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Write a comment first.');
    expect(await edit(olive.token, randomUUID(), { body: 'Nothing there' })).toMatchObject({
      status: 404,
      body: NOT_FOUND_COMMENT,
    });
  });

  it('refuses an edit that mentions someone who cannot see the task', async () => {
    const { olive, max } = await team();
    const comment = await post(olive, 't1', 'Hello');
    const res = await edit(olive.token, comment.id, { body: 'Hello Max', mentions: [max.user.id] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Max Member cannot see this task.');
  });

  it('lets the author or an admin delete: the text goes, the row stays; a second delete answers the same', async () => {
    const { olive, ash, ada } = await team();
    const mine = await post(ash, 't1', 'Secret: 1234', [olive.user.id]);
    const other = await post(olive, 't1', 'Something the admin removes');
    const refused = await remove(olive.token, mine.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'Only the author or an admin can delete a comment.',
      code: 'FORBIDDEN',
    });

    const deleted = await remove(ash.token, mine.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body.comment).toEqual({ ...mine, body: '', mentions: [], deletedAt: expect.any(String) });
    expect(await remove(ash.token, mine.id)).toEqual(deleted);
    expect((await remove(ada.token, other.id)).status).toBe(200);

    const thread = (await list(olive.token, { task: 't1' })).body.comments!;
    expect(thread.map((comment) => [comment.id, comment.body, comment.deletedAt !== null])).toEqual([
      [mine.id, '', true],
      [other.id, '', true],
    ]);
    const { db, tables } = await getDatabase();
    const rows = await db.select().from(tables.taskComments);
    expect(rows.map((row) => row.body)).toEqual(['', '']);

    const again = await edit(ash.token, mine.id, { body: 'Back' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This comment was deleted.', code: 'CONFLICT' });
  });
});

describe('GET /api/sync/comments: pages and changes', () => {
  it('pages the thread oldest first with `after`', async () => {
    const { olive } = await team();
    const posted = [];
    for (let index = 0; index < 5; index++) posted.push(await post(olive, 't1', `Comment ${index}`));
    const first = await list(olive.token, { task: 't1', limit: '2' });
    expect(first.body.comments!.map((comment) => comment.body)).toEqual(['Comment 0', 'Comment 1']);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await list(olive.token, { task: 't1', limit: '2', after: first.body.next! });
    expect(second.body.comments!.map((comment) => comment.body)).toEqual(['Comment 2', 'Comment 3']);
    const last = await list(olive.token, { task: 't1', limit: '2', after: second.body.next! });
    expect(last.body.comments!.map((comment) => comment.body)).toEqual(['Comment 4']);
    expect(last.body.next).toBeNull();
    expect(last.body.more).toBe(false);
    // The default page holds them all; other tasks' comments are not in it.
    await post(olive, 't1', 'Comment 5');
    const whole = await list(olive.token, { task: 't1' });
    expect(whole.body.comments).toHaveLength(6);
    expect(whole.body.comments!.every((comment) => comment.task === 't1')).toBe(true);
  });

  it('answers what changed since an earlier answer: new, edited and deleted comments', async () => {
    const { olive, ash } = await team();
    const old = await post(olive, 't1', 'Old');
    const start = await list(ash.token, { task: 't1' });
    // An earlier `since` reaches back a little, so a comment just written may come again.
    const { db, tables } = await getDatabase();
    await db
      .update(tables.taskComments)
      .set({ changedAt: new Date(Date.now() - 60_000), createdAt: new Date(Date.now() - 60_000) })
      .where(eq(tables.taskComments.id, old.id));
    const quiet = await list(ash.token, { task: 't1', since: start.body.since! });
    expect(quiet.status).toBe(200);
    expect(quiet.body.comments).toEqual([]);
    expect(quiet.body.more).toBe(false);
    expect(quiet.body.next).toBeNull();

    const added = await post(ash, 't1', 'New');
    await edit(olive.token, old.id, { body: 'Old, edited' });
    const changed = await list(ash.token, { task: 't1', since: quiet.body.since! });
    // In the order they changed; two changes in the same millisecond go by id.
    expect(changed.body.comments!.map((comment) => comment.body).sort()).toEqual(['New', 'Old, edited']);
    await remove(ash.token, added.id);
    const afterDelete = await list(ash.token, { task: 't1', since: quiet.body.since! });
    expect(
      new Map(afterDelete.body.comments!.map((comment) => [comment.id, comment.deletedAt !== null])),
    ).toEqual(
      new Map([
        [old.id, false],
        [added.id, true],
      ]),
    );
  });

  it('pages changes with `more` when more changed than a page holds', async () => {
    const { olive } = await team();
    const { db, tables } = await getDatabase();
    const since = Date.now() - 60_000;
    for (let index = 0; index < 3; index++) await post(olive, 't1', `Change ${index}`);
    // Long enough ago that the answer's `since` does not reach back over them.
    const rows = await db.select().from(tables.taskComments);
    for (const [index, row] of rows.entries()) {
      const at = new Date(since + index);
      await db
        .update(tables.taskComments)
        .set({ changedAt: at, createdAt: at })
        .where(eq(tables.taskComments.id, row.id));
    }
    const backThen = await list(olive.token, { task: 't1', since: sinceCursor(since - 1) });
    expect(backThen.body.comments).toHaveLength(3);
    const first = await list(olive.token, { task: 't1', since: sinceCursor(since - 1), limit: '2' });
    expect(first.body.comments).toHaveLength(2);
    expect(first.body.more).toBe(true);
    const second = await list(olive.token, { task: 't1', since: first.body.since!, limit: '2' });
    expect(second.body.comments).toHaveLength(1);
    expect(second.body.more).toBe(false);
    expect([...first.body.comments!, ...second.body.comments!].map((comment) => comment.body).sort()).toEqual(
      ['Change 0', 'Change 1', 'Change 2'],
    );
    const done = await list(olive.token, { task: 't1', since: second.body.since! });
    expect(done.body.comments).toEqual([]);
  });

  it('checks its query (400 with the exact message)', async () => {
    const { olive } = await team();
    const cases: [Record<string, string>, string][] = [
      [{}, 'task must be a task uid: 1–64 letters, digits, - or _.'],
      [{ task: 'a b' }, 'task must be a task uid: 1–64 letters, digits, - or _.'],
      [{ task: 't1', limit: '0' }, 'limit must be a whole number from 1 to 100.'],
      [{ task: 't1', limit: '101' }, 'limit must be a whole number from 1 to 100.'],
      [{ task: 't1', limit: 'ten' }, 'limit must be a whole number from 1 to 100.'],
      [{ task: 't1', after: 'nonsense!' }, 'after must be the next value of an earlier page of this thread.'],
      [
        { task: 't1', since: 'nonsense!' },
        'since must be the since value of an earlier answer for this thread.',
      ],
      [{ task: 't1', after: sinceCursor(1), since: sinceCursor(1) }, 'Send after or since, not both.'],
    ];
    for (const [query, message] of cases) {
      const res = await list(olive.token, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual({ message, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /api/sync/comments/counts', () => {
  it('counts the comments (not deleted) of every task the caller sees, or of the tasks named', async () => {
    const { olive, ash, max, ada } = await team();
    await post(olive, 't1', 'One');
    const gone = await post(ash, 't1', 'Two');
    await post(ash, 't1', 'Three');
    await post(max, 't2', 'Mine');
    await remove(ash.token, gone.id);
    expect((await push(olive.token, 'olive-pc', [upsertOp('o2', 't3', { title: 'Quiet' })])).status).toBe(
      200,
    );

    expect((await counts(olive.token)).body).toEqual({ counts: { t1: 2 } });
    expect((await counts(ash.token)).body).toEqual({ counts: { t1: 2 } });
    expect((await counts(max.token)).body).toEqual({ counts: { t2: 1 } });
    expect((await counts(ada.token)).body).toEqual({ counts: { t1: 2, t2: 1 } });
    expect((await counts(ada.token, 't2,t3')).body).toEqual({ counts: { t2: 1 } });
    expect((await counts(max.token, 't1,t2')).body).toEqual({ counts: { t2: 1 } });
    expect((await counts(ada.token, '')).body).toEqual({ counts: {} });
    const bad = await counts(ada.token, 't1,a b');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'tasks must list at most 100 task uids, separated by commas.',
      code: 'VALIDATION_ERROR',
    });
    // A deleted task's comments are not counted; a purged task's are gone.
    await push(max.token, 'max-pc', [lifeOp('delete', 'm2', 't2', { baseV: 1 })]);
    expect((await counts(ada.token)).body).toEqual({ counts: { t1: 2 } });
    const { db, tables } = await getDatabase();
    await db.delete(tables.syncTasks).where(eq(tables.syncTasks.uid, 't1'));
    expect(await db.select().from(tables.taskComments)).toHaveLength(1);
  });
});

/** A 429 `RATE_LIMITED` with Retry-After and the limit's message ("Too many {what}. Please try again in …"). */
function expectLimited(res: Awaited<ReturnType<typeof list>>, what: string) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe('RATE_LIMITED');
  expect(res.body.message).toMatch(
    new RegExp(`^Too many ${what}\\. Please try again in \\d+ (seconds|minutes?)\\.$`),
  );
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('/api/sync/comments rate limits', () => {
  it('counts comment writes per account: 429 with Retry-After and the message', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', RATE_LIMIT_COMMENT_MAX: '2' });
    try {
      const { olive, ash } = await team();
      const comment = await post(olive, 't1', 'One');
      expect((await edit(olive.token, comment.id, { body: 'One, edited' })).status).toBe(200);
      expectLimited(await put(olive.token, randomUUID(), { task: 't1', body: 'Three' }), 'comments');
      expect((await remove(olive.token, comment.id)).status).toBe(429);
      // Reading is not a write; another account has its own count.
      expect((await list(olive.token, { task: 't1' })).status).toBe(200);
      expect((await put(ash.token, randomUUID(), { task: 't1', body: 'Mine' })).status).toBe(201);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });

  it('counts each person newly mentioned, per account; a retried post counts none', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', RATE_LIMIT_MENTION_MAX: '3' });
    try {
      const { olive, ash, ada } = await team();
      const id = randomUUID();
      const body = { task: 't1', body: 'Both of you', mentions: [ash.user.id, ada.user.id] };
      expect((await put(olive.token, id, body)).status).toBe(201);
      expect((await put(olive.token, id, body)).status).toBe(200);
      const comment = await post(olive, 't1', 'Ash again', [ash.user.id]);
      // Keeping Ash and adding Ada is one new mention: over the limit of 3.
      const limited = await edit(olive.token, comment.id, {
        body: 'Ash and Ada',
        mentions: [ash.user.id, ada.user.id],
      });
      expectLimited(limited, 'mentions');
      // Nothing was changed, and a comment without mentions still goes through.
      expect((await list(olive.token, { task: 't1' })).body.comments!.at(-1)!.body).toBe('Ash again');
      expect((await put(olive.token, randomUUID(), { task: 't1', body: 'Plain' })).status).toBe(201);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });

  it('counts every request on the sync rate limit too', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', RATE_LIMIT_SYNC_MAX: '1' });
    try {
      const { token } = await createUserWithToken();
      expect((await counts(token)).status).toBe(200);
      expectLimited(await list(token, { task: 't1' }), 'attempts');
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });
});

describe('/api/sync/comments: live updates', () => {
  it('sends `event: comments` with the task to the streams of those who see it, not to others', async () => {
    const { olive, ash, max, ada } = await team();
    const streams = {
      olive: await openLiveStream(olive.token),
      ash: await openLiveStream(ash.token),
      max: await openLiveStream(max.token),
      ada: await openLiveStream(ada.token),
    };
    const comment = await post(ash, 't1', 'Live');
    const event = { event: 'comments', data: '{"task":"t1"}' };
    for (const stream of [streams.olive, streams.ash, streams.ada])
      expect(await stream.events.nextEvent()).toEqual(event);
    await edit(ash.token, comment.id, { body: 'Live, edited' });
    await remove(ada.token, comment.id);
    for (const stream of [streams.olive, streams.ash, streams.ada]) {
      expect(await stream.events.nextEvent()).toEqual(event);
      expect(await stream.events.nextEvent()).toEqual(event);
    }
    // Max's next event is the poke of his own push: none of the comments reached him.
    const pushed = await push(max.token, 'max-pc', [
      upsertOp('m2', 't2', { title: 'Max again' }, { baseV: 2 }),
    ]);
    expect(await streams.max.events.nextPoke()).toBe(pushed.body.seq);
    // A refused write pokes no one.
    await put(olive.token, randomUUID(), { task: 't1', body: '' });
    await post(max, 't2', 'Only mine');
    expect(await streams.max.events.nextEvent()).toEqual({ event: 'comments', data: '{"task":"t2"}' });
    // Olive's next event is the poke of her own push: neither Max's push nor his comment reached her.
    const hers = await push(olive.token, 'olive-pc', [upsertOp('o2', 't3', { title: 'Olive again' })]);
    expect(await streams.olive.events.nextPoke()).toBe(hers.body.seq);
  });
});

/**
 * The next event that is not a poke: on PostgreSQL the test files running beside this one share the
 * database, and a poke for every stream (a project's role changed there) may reach these streams too.
 */
async function nextNonPoke(events: SseReader): Promise<SseBlock | null> {
  for (;;) {
    const next = await events.nextEvent();
    if (next === null || next.event !== 'poke') return next;
  }
}

// Cross-instance fan-out exists on PostgreSQL only (SQLite has one process and its hub).
if (getTestDialect() === 'postgres')
  describe('/api/sync/comments: live updates across instances on PostgreSQL', () => {
    it('passes a comments event from another instance to the local streams of its audience and admins', async () => {
      const { olive, max, ada } = await team();
      const olives = await openLiveStream(olive.token);
      const maxs = await openLiveStream(max.token);
      const adas = await openLiveStream(ada.token);
      // Another instance: a connection of its own to the same database.
      await withClient(process.env.DATABASE_URL, async (client) => {
        await client.query('select pg_notify($1, $2)', [
          'tasklane_comments',
          JSON.stringify({ task: 't1', users: [olive.user.id] }),
        ]);
        await client.query('select pg_notify($1, $2)', ['tasklane_comments', '{"task":1}']);
        await client.query('select pg_notify($1, $2)', [
          'tasklane_comments',
          JSON.stringify({ task: 't2', users: [max.user.id] }),
        ]);
      });
      expect(await nextNonPoke(olives.events)).toEqual({ event: 'comments', data: '{"task":"t1"}' });
      expect(await nextNonPoke(adas.events)).toEqual({ event: 'comments', data: '{"task":"t1"}' });
      expect(await nextNonPoke(adas.events)).toEqual({ event: 'comments', data: '{"task":"t2"}' });
      expect(await nextNonPoke(maxs.events)).toEqual({ event: 'comments', data: '{"task":"t2"}' });
    });
  });

/** A `since` value as the server writes one (the archive's cursor format), for times the test sets. */
function sinceCursor(ms: number): string {
  return Buffer.from(`${ms}:z`, 'utf8').toString('base64url');
}
