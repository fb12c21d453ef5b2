import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InboxPage } from '@/features/inbox/model/protocol';
import { nextOccurrenceUid } from '@/features/tasks/model/repeat-spawn';
import { getDatabase } from '@/server/db';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { lifeOp, push, stamp, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { PUT as putComment, PATCH as patchComment } from '../comments/[id]/route';
import { GET as getRead, POST as postRead } from './read/route';
import { GET, POST } from './route';

const PATH = '/api/sync/inbox';

type Body = Partial<InboxPage> & { message?: string; code?: string };

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

function inbox(token: string | undefined, query: Record<string, string> = {}) {
  return call<Body>(GET, `${PATH}?${new URLSearchParams(query)}`, { token });
}

function markRead(token: string | undefined, body: unknown) {
  return call<Body>(postRead, `${PATH}/read`, { token, body });
}

/** A task the screens can read (the inbox tells of completion by its progress). */
function task(title: string, extra: Record<string, string | number> = {}) {
  return {
    title,
    description: 'd',
    priority: 'Medium',
    deadline: '2099-01-01',
    progress: 0,
    assignedTo: 'x',
    ...extra,
  };
}

async function comment(token: string, taskUid: string, body: string, mentions: string[] = []) {
  const id = randomUUID();
  const res = await call<{ comment?: { id: string } }>(putComment, `/api/sync/comments/${id}`, {
    token,
    method: 'PUT',
    body: { task: taskUid, body, mentions },
    params: { id },
  });
  expect(res.status, res.text).toBe(201);
  return id;
}

/** Olive owns `t1`, assigned to Ash; Max is another member; Ada an admin. */
async function team() {
  const olive = await createUserWithToken({ fullName: 'Olive Owner' });
  const ash = await createUserWithToken({ fullName: 'Ash Assignee' });
  const max = await createUserWithToken({ fullName: 'Max Member' });
  const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
  const created = await push(olive.token, 'olive-pc', [
    upsertOp('o1', 't1', task('Report', { assignedTo: 'Ash Assignee', assigneeId: ash.user.id })),
  ]);
  expect(created.status, created.text).toBe(200);
  return { olive, ash, max, ada };
}

const sentences = (page: Body) =>
  page.items!.map((item) => `${item.actorName}|${item.kind}|${item.title}|${item.read}`);

describe('/api/sync/inbox with TEAM_SYNC=off', () => {
  it('answers 404 SYNC_DISABLED', async () => {
    await expectSyncDisabled(async () => {
      const { token } = await createUserWithToken();
      return [await inbox(token), await markRead(token, { all: true })];
    });
  });
});

describe('/api/sync/inbox', () => {
  it('answers 401 without a token and 405 for other methods', async () => {
    for (const res of [await inbox(undefined), await markRead(undefined, { all: true })]) {
      expect(res.status).toBe(401);
    }
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ POST }, PATH, 'GET', { token });
    await expectMethodNotAllowed({ GET: getRead }, `${PATH}/read`, 'POST', { token });
  });

  it('tells the assignee of a new task, never its author', async () => {
    const { olive, ash, max } = await team();
    const page = (await inbox(ash.token)).body;
    expect(sentences(page)).toEqual(['Olive Owner|assigned|Report|false']);
    expect(page.unread).toBe(1);
    expect(page.items![0]!.task).toBe('t1');
    expect((await inbox(olive.token)).body).toEqual({ items: [], unread: 0, next: null });
    expect((await inbox(max.token)).body.unread).toBe(0);
  });

  it('a reassignment tells the new assignee; a completion tells owner and assignee, not whoever completed it', async () => {
    const { olive, ash, max, ada } = await team();
    expect(
      (
        await push(olive.token, 'olive-pc', [
          upsertOp('o2', 't1', { assignedTo: 'Max Member', assigneeId: max.user.id }, { baseV: 1 }),
        ])
      ).status,
    ).toBe(200);
    expect(sentences((await inbox(max.token)).body)).toEqual(['Olive Owner|assigned|Report|false']);
    const done = await push(ada.token, 'ada-pc', [
      upsertOp('a1', 't1', { progress: 100, status: 'Completed' }, { baseV: 2 }),
    ]);
    expect(done.status, done.text).toBe(200);
    expect(sentences((await inbox(olive.token)).body)).toEqual(['Ada Admin|completed|Report|false']);
    expect(sentences((await inbox(max.token)).body)).toEqual([
      'Ada Admin|completed|Report|false',
      'Olive Owner|assigned|Report|false',
    ]);
    // Ash no longer sees the task: its entry is not shown and not counted.
    expect((await inbox(ash.token)).body).toEqual({ items: [], unread: 0, next: null });
    expect((await inbox(ada.token)).body.unread).toBe(0);
  });

  it('a completion by the assignee tells the owner: progress 100 is one; a drag into Completed and progress 90 are not', async () => {
    const { olive, ash } = await team();
    const almost = await push(ash.token, 'ash-pc', [upsertOp('s1', 't1', { progress: 90 }, { baseV: 1 })]);
    expect(almost.status, almost.text).toBe(200);
    expect((await inbox(olive.token)).body.unread).toBe(0);
    // The board column is not completion (docs/product.md#task-completion).
    const dragged = await push(ash.token, 'ash-pc', [
      upsertOp('s2', 't1', { progress: 20, column: 'Completed' }, { baseV: 2 }),
    ]);
    expect(dragged.status, dragged.text).toBe(200);
    expect((await inbox(olive.token)).body.unread).toBe(0);
    expect(
      (
        await push(ash.token, 'ash-pc', [
          upsertOp('s3', 't1', { progress: 100, status: 'Completed', column: null }, { baseV: 3 }),
        ])
      ).status,
    ).toBe(200);
    expect(sentences((await inbox(olive.token)).body)).toEqual(['Ash Assignee|completed|Report|false']);
    // Dragged out of Completed, still at 100: still done, nobody is told again.
    expect(
      (await push(ash.token, 'ash-pc', [upsertOp('s4', 't1', { column: 'To Do' }, { baseV: 4 })])).status,
    ).toBe(200);
    expect((await inbox(olive.token)).body.unread).toBe(1);
    // Reopened and completed again: told again.
    expect(
      (await push(ash.token, 'ash-pc', [upsertOp('s5', 't1', { progress: 50, status: null }, { baseV: 5 })]))
        .status,
    ).toBe(200);
    expect(
      (
        await push(ash.token, 'ash-pc', [
          upsertOp('s6', 't1', { progress: 100, status: 'Completed' }, { baseV: 6 }),
        ])
      ).status,
    ).toBe(200);
    expect((await inbox(olive.token)).body.unread).toBe(2);
    expect((await inbox(ash.token)).body.unread).toBe(1);
  });

  it('a checklist-driven weekly task: Mark as Completed (every item ticked) tells the owner once, with one next occurrence, also when a second device makes it too', async () => {
    const olive = await createUserWithToken({ fullName: 'Olive Owner' });
    const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
    const items = {
      ck_aaaaaaaa: { text: 'Gather', done: true, pos: 1 },
      ck_bbbbbbbb: { text: 'Write', done: true, pos: 2 },
      ck_cccccccc: { text: 'Send', done: false, pos: 3 },
    };
    const uid = randomUUID();
    const created = await push(olive.token, 'olive-pc', [
      upsertOp('w0', uid, {
        ...task('Weekly', { assignedTo: 'Olive Owner', assigneeId: olive.user.id, progress: 67 }),
        checklistProgress: true,
        repeat: { every: 'week', interval: 1, from: 'deadline' },
        ...items,
      }),
    ]);
    expect(created.status, created.text).toBe(200);

    // What the previous version sent: progress 100 beside 2 of 3 ticked. The task shows 67: not done.
    const before = await push(ada.token, 'ada-old', [
      upsertOp('old', uid, { progress: 100, status: 'Completed' }, { baseV: 1 }),
    ]);
    expect(before.status, before.text).toBe(200);
    expect((await inbox(olive.token)).body.unread).toBe(0);

    // Mark as Completed now: the last item ticked, and the next occurrence in the same push.
    const nextUid = nextOccurrenceUid(uid);
    const occurrence = {
      ...task('Weekly', { assignedTo: 'Olive Owner', assigneeId: olive.user.id, deadline: '2099-01-08' }),
      checklistProgress: true,
      repeat: { every: 'week', interval: 1, from: 'deadline' },
      ck_aaaaaaaa: { ...items.ck_aaaaaaaa, done: false },
      ck_bbbbbbbb: { ...items.ck_bbbbbbbb, done: false },
      ck_cccccccc: { ...items.ck_cccccccc, done: false },
    };
    const marked = await push(ada.token, 'ada-pc', [
      upsertOp(
        'm1',
        uid,
        { ck_cccccccc: { ...items.ck_cccccccc, done: true }, repeatedAs: nextUid },
        { baseV: 2 },
      ),
      upsertOp('m2', nextUid, occurrence),
    ]);
    expect(marked.status, marked.text).toBe(200);
    const completedEntries = async () =>
      sentences((await inbox(olive.token)).body).filter((line) => line.includes('|completed|'));
    expect(await completedEntries()).toEqual(['Ada Admin|completed|Weekly|false']);
    // The next occurrence, made on Ada's device, is still Olive's series: hers, and not news to her.
    expect(sentences((await inbox(olive.token)).body)).toEqual(['Ada Admin|completed|Weekly|false']);
    const owners = async () => {
      const { db, tables } = await getDatabase();
      return db
        .select({ uid: tables.syncTasks.uid, ownerId: tables.syncTasks.ownerId })
        .from(tables.syncTasks)
        .where(eq(tables.syncTasks.uid, nextUid));
    };
    expect(await owners()).toEqual([{ uid: nextUid, ownerId: olive.user.id }]);

    // Olive's own device, offline meanwhile, completed it too and made the same next one.
    const again = await push(olive.token, 'olive-phone', [
      upsertOp(
        'p1',
        uid,
        { ck_cccccccc: { ...items.ck_cccccccc, done: true }, repeatedAs: nextUid },
        { baseV: 1 },
      ),
      upsertOp('p2', nextUid, occurrence),
    ]);
    expect(again.status, again.text).toBe(200);
    expect(await completedEntries()).toEqual(['Ada Admin|completed|Weekly|false']);
    const { db, tables } = await getDatabase();
    const rows = await db
      .select({ uid: tables.syncTasks.uid })
      .from(tables.syncTasks)
      .where(eq(tables.syncTasks.uid, nextUid));
    expect(rows).toHaveLength(1);
  });

  it('a comment tells the people mentioned and the owner and assignee, once each; an edit only the newly mentioned', async () => {
    const { olive, ash, ada } = await team();
    await markRead(ash.token, { all: true });
    const id = await comment(ash.token, 't1', 'Done soon @Olive', [olive.user.id]);
    expect(sentences((await inbox(olive.token)).body)).toEqual(['Ash Assignee|mentioned|Report|false']);
    expect((await inbox(ash.token)).body.unread).toBe(0);
    await comment(olive.token, 't1', 'Thanks');
    expect(sentences((await inbox(ash.token)).body)[0]).toBe('Olive Owner|commented|Report|false');
    const edited = await call(patchComment, `/api/sync/comments/${id}`, {
      token: ash.token,
      method: 'PATCH',
      body: { body: 'Done soon @Olive @Ada', mentions: [olive.user.id, ada.user.id] },
      params: { id },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(sentences((await inbox(ada.token)).body)).toEqual(['Ash Assignee|mentioned|Report|false']);
    // Olive was mentioned already: the edit tells her nothing new.
    expect((await inbox(olive.token)).body.items).toHaveLength(1);
  });

  it('shows the title and names as they are now; a deleted actor is a Former member; a deleted task leaves the inbox', async () => {
    const { olive, ash } = await team();
    await push(olive.token, 'olive-pc', [upsertOp('o2', 't1', { title: 'Report v2' }, { baseV: 1 })]);
    const { db, tables } = await getDatabase();
    await db.delete(tables.users).where(eq(tables.users.id, olive.user.id));
    expect(sentences((await inbox(ash.token)).body)).toEqual(['Former member|assigned|Report v2|false']);
    const other = await createUserWithToken({ fullName: 'Other Owner' });
    await push(other.token, 'other-pc', [
      upsertOp('x1', 't9', task('Gone soon', { assignedTo: 'Ash Assignee', assigneeId: ash.user.id })),
    ]);
    expect((await inbox(ash.token)).body.unread).toBe(2);
    expect((await push(other.token, 'other-pc', [lifeOp('delete', 'x2', 't9', { baseV: 2 })])).status).toBe(
      200,
    );
    expect((await inbox(ash.token)).body.unread).toBe(1);
  });

  it('pages newest first without gaps or repeats; marks one, then all, read; ignores ids of others', async () => {
    const { olive, ash } = await team();
    for (let index = 0; index < 4; index++) await comment(olive.token, 't1', `Note ${index}`);
    const first = (await inbox(ash.token, { limit: '2' })).body;
    expect(first.items).toHaveLength(2);
    expect(first.unread).toBe(5);
    const second = (await inbox(ash.token, { limit: '2', before: first.next! })).body;
    const third = (await inbox(ash.token, { limit: '2', before: second.next! })).body;
    expect(third.next).toBeNull();
    const ids = [...first.items!, ...second.items!, ...third.items!].map((item) => item.id);
    expect(new Set(ids).size).toBe(5);
    expect(third.items!.at(-1)!.kind).toBe('assigned');
    const oliveItems = (await inbox(olive.token)).body.items!;
    expect((await markRead(olive.token, { ids: [ids[0]!] })).body).toEqual({ unread: oliveItems.length });
    expect((await markRead(ash.token, { ids: [ids[0]!] })).body).toEqual({ unread: 4 });
    expect((await inbox(ash.token, { limit: '1' })).body.items![0]!.read).toBe(true);
    expect((await markRead(ash.token, { all: true })).body).toEqual({ unread: 0 });
  });

  it('refuses a bad page or limit and a bad read request, with a message', async () => {
    const { token } = await createUserWithToken();
    const queries: Record<string, string>[] = [
      { limit: '0' },
      { limit: '51' },
      { limit: 'x' },
      { before: '!!' },
    ];
    for (const query of queries) {
      const res = await inbox(token, query);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    for (const body of [
      {},
      { ids: 'x' },
      { all: false },
      { ids: Array.from({ length: 101 }, (_, i) => `i${i}`) },
    ]) {
      const res = await markRead(token, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Send {"ids": [...]} (at most 100) or {"all": true}.');
    }
  });
});

describe('/api/sync/inbox: the loser of a concurrent edit is told (issue 33)', () => {
  const replacedEntries = async (token: string) =>
    (await inbox(token)).body.items!.filter((item) => item.kind === 'replaced');

  it('tells Olive that Ash’s write replaced her description, which Ash had not seen; not Ash', async () => {
    const { olive, ash } = await team();
    const t = Date.now();
    await push(olive.token, 'olive-pc', [
      upsertOp('o2', 't1', { description: 'Olive’s notes' }, { hlc: stamp(t + 10, 'olive-pc'), baseV: 1 }),
    ]);
    // Ash had seen version 1 only: his later write replaces Olive’s description unseen.
    const res = await push(ash.token, 'ash-pc', [
      upsertOp('a1', 't1', { description: 'Ash’s notes' }, { hlc: stamp(t + 20, 'ash-pc'), baseV: 1 }),
    ]);
    expect(res.status, res.text).toBe(200);
    expect(await replacedEntries(olive.token)).toEqual([
      {
        id: expect.any(String),
        kind: 'replaced',
        task: 't1',
        title: 'Report',
        actorId: ash.user.id,
        actorName: 'Ash Assignee',
        createdAt: expect.stringMatching(/^\d{4}-/),
        read: false,
        fields: ['description'],
      },
    ]);
    expect(await replacedEntries(ash.token)).toEqual([]);
  });

  it('tells the pusher whose offline write lost to a newer one, once per task, naming every field', async () => {
    const { olive, ash } = await team();
    const t = Date.now();
    // Ash, online, changes the title, description and a checklist item.
    await push(ash.token, 'ash-pc', [
      upsertOp(
        'a1',
        't1',
        { title: 'Report v2', description: 'Ash’s notes', ck_a1: { text: 'Draft', done: true, pos: 1 } },
        { hlc: stamp(t + 20, 'ash-pc'), baseV: 1 },
      ),
    ]);
    // Olive edited the same fields offline, earlier: back online, her push loses all three.
    const res = await push(olive.token, 'olive-pc', [
      upsertOp('o2', 't1', { title: 'Report (Olive)' }, { hlc: stamp(t + 5, 'olive-pc'), baseV: 1 }),
      upsertOp(
        'o3',
        't1',
        { description: 'Olive’s notes', ck_a1: { text: 'Draft', done: false, pos: 1 } },
        { hlc: stamp(t + 6, 'olive-pc'), baseV: 1 },
      ),
    ]);
    expect(res.status, res.text).toBe(200);
    const entries = await replacedEntries(olive.token);
    expect(entries.map((item) => [item.actorName, item.title, item.fields])).toEqual([
      ['Ash Assignee', 'Report v2', ['title', 'description', 'checklist']],
    ]);
    expect(await replacedEntries(ash.token)).toEqual([]);
  });

  it('tells nobody when one device replaces its own values, nor one person on two devices', async () => {
    const { olive } = await team();
    const t = Date.now();
    for (let step = 1; step <= 3; step += 1) {
      await push(olive.token, 'olive-pc', [
        upsertOp(`p${step}`, 't1', { progress: step * 10 }, { hlc: stamp(t + step, 'olive-pc'), baseV: 1 }),
      ]);
    }
    // Her phone had seen version 1 only: the laptop’s value is replaced, a record, but her own.
    await push(olive.token, 'olive-phone', [
      upsertOp('m1', 't1', { progress: 70 }, { hlc: stamp(t + 9, 'olive-phone'), baseV: 1 }),
    ]);
    const { db, tables } = await getDatabase();
    const records = await db
      .select()
      .from(tables.syncConflicts)
      .where(eq(tables.syncConflicts.taskUid, 't1'));
    expect(records.map((record) => [record.field, record.value])).toEqual([['progress', '30']]);
    expect(await replacedEntries(olive.token)).toEqual([]);
  });
});
