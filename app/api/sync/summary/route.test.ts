import { beforeAll, describe, expect, it } from 'vitest';
import type { Json, SyncSummary } from '@/features/sync/model/protocol';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { lifeOp, pull, push, stamp, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { createProjectAs } from '@/tests/helpers/projects';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/sync/summary';
const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

function summary(token: string | undefined) {
  return call<SyncSummary & { code?: string; message?: string }>(GET, PATH, { token });
}

async function figures(token: string): Promise<SyncSummary> {
  const res = await summary(token);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const columns = (toDo: number, inProgress: number, completed: number) => [
  { column: 'To Do', count: toDo },
  { column: 'In Progress', count: inProgress },
  { column: 'Completed', count: completed },
];

describe('GET /api/sync/summary', () => {
  it('answers 404 SYNC_DISABLED with TEAM_SYNC=off, before looking at the token', async () => {
    await expectSyncDisabled(async () => [await summary(undefined), await summary('not-a-token')]);
  });

  it('answers 401 without a valid token, 405 for other methods', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await summary(token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ POST, PUT, PATCH, DELETE }, PATH, 'GET', { token });
  });

  it('answers zeros before anything was pushed', async () => {
    const { token } = await createAdminWithToken();
    const body = await figures(token);
    expect(body).toEqual({
      total: 0,
      completed: 0,
      byColumn: columns(0, 0, 0),
      pending: [],
      pendingTotal: 0,
      seq: 0,
      asOf: body.asOf,
    });
    expect(Math.abs(Date.parse(body.asOf) - Date.now())).toBeLessThan(60_000);
  });

  it('counts as the dashboard does: completed at exactly 100, columns by progress or drag, archived included, deleted not', async () => {
    const { token } = await createAdminWithToken();
    const old = new Date(Date.now() - 90 * DAY_MS).toISOString();
    await push(token, 'c1', [
      upsertOp('o1', 't-todo', { title: 'Todo', progress: 10 }),
      upsertOp('o2', 't-missing', { title: 'No progress field' }),
      upsertOp('o3', 't-doing', { title: 'Doing', progress: 60 }),
      upsertOp('o4', 't-81', { title: 'Almost', progress: 81 }),
      upsertOp('o5', 't-done', { title: 'Done', progress: 100 }),
      upsertOp('o6', 't-archived', { title: 'Archived', progress: 100, completedAt: old }),
      upsertOp('o7', 't-dragged', { title: 'Dragged done', progress: 100, column: 'To Do' }),
      upsertOp('o8', 't-text', { title: 'Older text progress', progress: '100' }),
      upsertOp('o9', 't-deleted', { title: 'Deleted', progress: 100 }),
      // The browser cannot read it (progress 150): it shows it nowhere, so it is counted nowhere.
      upsertOp('o10', 't-bad', { title: 'Unreadable', progress: 150 }),
    ]);
    await push(token, 'c1', [lifeOp('delete', 'o11', 't-deleted', { baseV: 1 })]);
    const body = await figures(token);
    expect(body.total).toBe(8);
    expect(body.completed).toBe(4);
    expect(body.byColumn).toEqual(columns(3, 1, 4));
    expect(body.pendingTotal).toBe(4);
    expect(body.pending.map((task) => task.uid)).toEqual(['t-doing', 't-missing', 't-81', 't-todo'].sort());
    expect(body.seq).toBe(2);
  });

  it('lists the first 10 pending tasks in the order the server first stored them', async () => {
    const { token } = await createAdminWithToken();
    for (let index = 0; index < 12; index++) {
      // One push each, so each task is stored at its own moment; uids run against that order.
      await push(token, 'c1', [
        upsertOp(`o${index}`, `t-${String(20 - index).padStart(2, '0')}`, {
          title: `Task ${index}`,
          progress: index === 3 ? 100 : 0,
          deadline: '2026-12-01',
        }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const body = await figures(token);
    expect(body.pending.map((task) => task.data.title)).toEqual(
      [0, 1, 2, 4, 5, 6, 7, 8, 9, 10].map((index) => `Task ${index}`),
    );
    expect(body.pending[0]).toEqual({
      uid: 't-20',
      v: 1,
      deleted: false,
      data: { title: 'Task 0', progress: 0, deadline: '2026-12-01', number: 1 },
    });
    expect(body.pendingTotal).toBe(11);
    expect(body.total).toBe(12);
  });

  it('counts only the tasks a member may see; an admin counts all', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    const admin = await createAdminWithToken();
    await push(alice.token, 'ca', [
      upsertOp('a1', 'a-own', { title: 'Alice own', progress: 100 }),
      upsertOp('a2', 'a-bob', {
        title: 'For Bob',
        progress: 50,
        assignedTo: 'Bob Brown',
        assigneeId: bob.user.id,
      }),
    ]);
    await push(bob.token, 'cb', [upsertOp('b1', 'b-own', { title: 'Bob own', progress: 0 })]);
    const forAlice = await figures(alice.token);
    expect([forAlice.total, forAlice.completed, forAlice.pendingTotal]).toEqual([2, 1, 1]);
    const forBob = await figures(bob.token);
    expect([forBob.total, forBob.completed]).toEqual([2, 0]);
    expect(forBob.byColumn).toEqual(columns(1, 1, 0));
    expect(forBob.pending.map((task) => task.uid)).toEqual(['a-bob', 'b-own']);
    const forAdmin = await figures(admin.token);
    expect([forAdmin.total, forAdmin.completed]).toEqual([3, 1]);
  });

  it('counts one project’s tasks with ?project={KEY}, any case; 404 alike for a key nobody has and a project without a role', async () => {
    const olive = await createUserWithToken({ fullName: 'Olive Summary' });
    const sam = await createUserWithToken({ fullName: 'Sam Summary' });
    const admin = await createAdminWithToken();
    const sum = await createProjectAs(olive.token, { key: 'SUMM', name: 'Summary' });
    await push(olive.token, 'co', [
      upsertOp('s1', 'sum-1', { title: 'In SUMM', progress: 100, projectId: sum.id }),
      upsertOp('s2', 'sum-2', { title: 'In SUMM too', progress: 10, projectId: sum.id }),
      upsertOp('s3', 'gen-olive', { title: 'In General', progress: 10 }),
    ]);
    for (const token of [olive.token, admin.token]) {
      for (const key of ['SUMM', 'summ']) {
        const res = await call<SyncSummary>(GET, `${PATH}?project=${key}`, { token });
        expect(res.status, res.text).toBe(200);
        expect([res.body.total, res.body.completed, res.body.pendingTotal]).toEqual([2, 1, 1]);
        expect(res.body.byColumn).toEqual(columns(1, 0, 1));
        expect(res.body.pending.map((task) => task.uid)).toEqual(['sum-2']);
      }
    }
    expect((await figures(olive.token)).total).toBe(3);
    const notFound = [
      await call(GET, `${PATH}?project=SUMM`, { token: sam.token }),
      await call(GET, `${PATH}?project=NOPE`, { token: olive.token }),
      await call(GET, `${PATH}?project=${'X'.repeat(30)}`, { token: olive.token }),
    ];
    for (const res of notFound) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'No such project.', code: 'NOT_FOUND' });
    }
    expect(notFound[0]!.text).toBe(notFound[1]!.text);
  });

  it('follows every change: a completion, a reopening, a drag', async () => {
    const { token } = await createAdminWithToken();
    await push(token, 'c1', [
      upsertOp('o1', 't1', { title: 'One', progress: 20 }, { hlc: stamp(Date.now() - 3000) }),
    ]);
    expect((await figures(token)).byColumn).toEqual(columns(1, 0, 0));
    await push(token, 'c1', [
      upsertOp('o2', 't1', { progress: 100 }, { baseV: 1, hlc: stamp(Date.now() - 2000) }),
    ]);
    expect(await figures(token)).toMatchObject({ total: 1, completed: 1, byColumn: columns(0, 0, 1) });
    await push(token, 'c1', [
      upsertOp('o3', 't1', { column: 'In Progress' }, { baseV: 2, hlc: stamp(Date.now() - 1000) }),
    ]);
    expect(await figures(token)).toMatchObject({ completed: 1, byColumn: columns(0, 1, 0) });
    await push(token, 'c1', [upsertOp('o4', 't1', { progress: 30 } as Record<string, Json>, { baseV: 3 })]);
    expect(await figures(token)).toMatchObject({ completed: 0, pendingTotal: 1, seq: 4 });
  });

  it('counts on the sync rate limit, per user', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', RATE_LIMIT_SYNC_MAX: '2' });
    try {
      const { token } = await createUserWithToken();
      expect((await summary(token)).status).toBe(200);
      expect((await pull(token)).status).toBe(200);
      const limited = await summary(token);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });
});
