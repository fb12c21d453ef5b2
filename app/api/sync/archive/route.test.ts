import { beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveResponse, Json } from '@/features/sync/model/protocol';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { lifeOp, pull, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/sync/archive';
const DAY_MS = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

function archive(token: string | undefined, params: Record<string, string> = {}) {
  const query = new URLSearchParams(params).toString();
  return call<ArchiveResponse & { code?: string; message?: string }>(GET, query ? `${PATH}?${query}` : PATH, {
    token,
  });
}

/** A task completed `days` ago (progress 100, completedAt stamped as the task commands do). */
function done(title: string, days: number, extra: Record<string, Json> = {}): Record<string, Json> {
  return { title, description: `About ${title}`, progress: 100, completedAt: daysAgo(days), ...extra };
}

/** Every page from the start, following `next`. */
async function archiveAll(token: string, params: Record<string, string> = {}) {
  const pages: ArchiveResponse[] = [];
  let before: string | null = null;
  for (;;) {
    const res = await archive(token, { ...params, ...(before ? { before } : {}) });
    expect(res.status, res.text).toBe(200);
    pages.push(res.body);
    before = res.body.next;
    if (before === null) break;
  }
  return { pages, titles: pages.flatMap((page) => page.tasks.map((task) => task.data.title)) };
}

describe('GET /api/sync/archive', () => {
  it('answers 404 SYNC_DISABLED with TEAM_SYNC=off, before looking at the token', async () => {
    await expectSyncDisabled(async () => [await archive(undefined), await archive('not-a-token')]);
  });

  it('answers 401 without a valid token, 405 for other methods', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await archive(token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ POST, PUT, PATCH, DELETE }, PATH, 'GET', { token });
  });

  it('answers 400 VALIDATION_ERROR with a clear message for a bad limit, q or before', async () => {
    const { token } = await createUserWithToken();
    for (const limit of ['0', '51', '1.5', '-1', 'ten', '1000']) {
      const res = await archive(token, { limit });
      expect(res.status, limit).toBe(400);
      expect(res.body).toEqual({
        message: 'limit must be a whole number from 1 to 50.',
        code: 'VALIDATION_ERROR',
      });
    }
    const long = await archive(token, { q: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'q must be at most 200 characters.', code: 'VALIDATION_ERROR' });
    expect((await archive(token, { q: 'x'.repeat(200) })).status).toBe(200);
    const forged = Buffer.from('soon:t1').toString('base64url');
    for (const before of ['not a cursor', forged, '5:t1']) {
      const res = await archive(token, { before });
      expect(res.status, before).toBe(400);
      expect(res.body).toEqual({
        message: 'before must be the next value of an earlier archive page.',
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('lists tasks completed before the cutoff, newest completion first, paged with next', async () => {
    const { token } = await createUserWithToken();
    await push(token, 'c1', [
      upsertOp('o1', 't-40', done('Forty', 40)),
      upsertOp('o2', 't-400', done('Four hundred', 400)),
      upsertOp('o3', 't-31', done('Thirty-one', 31)),
      upsertOp('o4', 't-29', done('Twenty-nine', 29)),
      upsertOp('o5', 't-open', { title: 'Open', progress: 90, completedAt: daysAgo(50) }),
      upsertOp('o6', 't-gone', done('Deleted', 60)),
      // Completed before completedAt existed: its updatedAt says when.
      upsertOp('o7', 't-old', { title: 'Older version', progress: 100, updatedAt: daysAgo(35) }),
      upsertOp('o8', 't-same-a', done('Same time A', 100, { completedAt: '2026-01-01T00:00:00.000Z' })),
      upsertOp('o9', 't-same-b', done('Same time B', 100, { completedAt: '2026-01-01T00:00:00.000Z' })),
    ]);
    await push(token, 'c1', [lifeOp('delete', 'o10', 't-gone', { baseV: 1 })]);

    const all = await archiveAll(token);
    expect(all.pages).toHaveLength(1);
    expect(all.titles).toEqual([
      'Thirty-one',
      'Older version',
      'Forty',
      'Same time B',
      'Same time A',
      'Four hundred',
    ]);
    expect(all.pages[0]!.tasks[0]).toEqual({
      uid: 't-31',
      v: 1,
      deleted: false,
      data: done('Thirty-one', 31, { completedAt: all.pages[0]!.tasks[0]!.data.completedAt!, number: 3 }),
    });

    const paged = await archiveAll(token, { limit: '2' });
    expect(paged.pages.map((page) => page.tasks.length)).toEqual([2, 2, 2]);
    expect(paged.titles).toEqual(all.titles);
    expect(paged.pages.at(-1)!.next).toBeNull();
  });

  it('follows SYNC_ARCHIVE_DAYS', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', SYNC_ARCHIVE_DAYS: '7' });
    try {
      const { token } = await createUserWithToken();
      await push(token, 'c1', [
        upsertOp('o1', 't-10', done('Ten', 10)),
        upsertOp('o2', 't-5', done('Five', 5)),
      ]);
      expect((await archiveAll(token)).titles).toEqual(['Ten']);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });

  it('shows a member their own and assigned archived tasks only; an admin all of them', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    const admin = await createAdminWithToken();
    await push(alice.token, 'ca', [
      upsertOp('a1', 'a-own', done('Alice own', 40)),
      upsertOp('a2', 'a-bob', done('For Bob', 50, { assignedTo: 'Bob Brown', assigneeId: bob.user.id })),
    ]);
    await push(bob.token, 'cb', [upsertOp('b1', 'b-own', done('Bob own', 60))]);
    expect((await archiveAll(alice.token)).titles).toEqual(['Alice own', 'For Bob']);
    expect((await archiveAll(bob.token)).titles).toEqual(['For Bob', 'Bob own']);
    expect((await archiveAll(admin.token)).titles).toEqual(['Alice own', 'For Bob', 'Bob own']);
  });

  it('searches as the task finder does: every word, title or description, any case or accent, wildcards literal', async () => {
    const { token } = await createUserWithToken();
    await push(token, 'c1', [
      upsertOp('o1', 't1', done('Café menu', 40, { description: 'Print the LUNCH card' })),
      upsertOp('o2', 't2', done('Lunch order', 41, { description: 'For the team' })),
      upsertOp('o3', 't3', done('Budget 100%', 42, { description: 'Q3_final' })),
      upsertOp('o4', 't4', done('Budget 1000', 43, { description: 'Q3 final' })),
      upsertOp('o5', 't5', done('Path', 44, { description: 'C:\\reports' })),
    ]);
    const titles = async (q: string) => (await archiveAll(token, { q })).titles;
    expect(await titles('cafe')).toEqual(['Café menu']);
    expect(await titles('  LUNCH   cafÉ ')).toEqual(['Café menu']);
    expect(await titles('lunch')).toEqual(['Café menu', 'Lunch order']);
    expect(await titles('100%')).toEqual(['Budget 100%']);
    expect(await titles('q3_')).toEqual(['Budget 100%']);
    expect(await titles('%')).toEqual(['Budget 100%']);
    expect(await titles('c:\\rep')).toEqual(['Path']);
    expect(await titles('budget team')).toEqual([]);
    expect(await titles('   ')).toEqual(['Café menu', 'Lunch order', 'Budget 100%', 'Budget 1000', 'Path']);
  });

  it('moves a task out when it is reopened and in again when completed long ago', async () => {
    const { token } = await createUserWithToken();
    await push(token, 'c1', [upsertOp('o1', 't1', done('Report', 40))]);
    expect((await archiveAll(token)).titles).toEqual(['Report']);
    await push(token, 'c1', [upsertOp('o2', 't1', { progress: 60 }, { baseV: 1 })]);
    expect((await archiveAll(token)).titles).toEqual([]);
  });

  it('counts on the sync rate limit, per user', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', RATE_LIMIT_SYNC_MAX: '2' });
    try {
      const { token } = await createUserWithToken();
      expect((await archive(token)).status).toBe(200);
      expect((await pull(token)).status).toBe(200);
      const limited = await archive(token);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      const other = await createUserWithToken();
      expect((await archive(other.token)).status).toBe(200);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });
});
