import { beforeAll, describe, expect, it } from 'vitest';
import { GET as pullRoute } from '@/app/api/sync/pull/route';
import type { Json, PullResponse } from '@/features/sync/model/protocol';
import { START_CURSOR } from '@/features/sync/model/protocol';
import { call } from '@/tests/helpers/api';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { lifeOp, pull, pullAll, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

const DAY_MS = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const done = (title: string, days: number): Record<string, Json> => ({
  title,
  progress: 100,
  completedAt: daysAgo(days),
});

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

function pullRecent(token: string, cursor = START_CURSOR, limit?: number) {
  const query = new URLSearchParams({ cursor, recent: '1' });
  if (limit !== undefined) query.set('limit', String(limit));
  return call<PullResponse>(pullRoute, `/api/sync/pull?${query}`, { token });
}

async function pullRecentAll(token: string, limit?: number, cursor = START_CURSOR) {
  const pages: PullResponse[] = [];
  for (;;) {
    const res = await pullRecent(token, cursor, limit);
    expect(res.status, res.text).toBe(200);
    pages.push(res.body);
    cursor = res.body.cursor;
    if (!res.body.more) break;
  }
  return { pages, cursor, uids: pages.flatMap((page) => page.changes.map((change) => change.uid)) };
}

describe('GET /api/sync/pull with recent=1', () => {
  it('leaves out archived tasks and says where the archive starts; without recent nothing changes', async () => {
    const { token } = await createUserWithToken();
    await push(token, 'c1', [
      upsertOp('o1', 't-open', { title: 'Open', progress: 40 }),
      upsertOp('o2', 't-recent', done('Recent', 29)),
      upsertOp('o3', 't-archived', done('Archived', 31)),
      upsertOp('o4', 't-deleted', done('Deleted long ago', 60)),
    ]);
    await push(token, 'c1', [lifeOp('delete', 'o5', 't-deleted', { baseV: 1 })]);

    const before = Date.now();
    const recent = await pullRecent(token);
    const after = Date.now();
    expect(recent.status).toBe(200);
    expect(recent.body.changes.map((change) => change.uid)).toEqual(['t-open', 't-recent', 't-deleted']);
    expect(recent.body.changes.at(-1)).toEqual({ uid: 't-deleted', v: 2, deleted: true, data: {} });
    const cutoff = Date.parse(recent.body.archivedBefore!);
    expect(cutoff).toBeGreaterThanOrEqual(before - 30 * DAY_MS);
    expect(cutoff).toBeLessThanOrEqual(after - 30 * DAY_MS);
    expect(recent.body).toMatchObject({ gone: [], cursor: '2:t-deleted', more: false, reset: false });

    // The request of a browser that predates recent=1: every task, and the answer's keys as before.
    const old = await pull(token);
    expect(old.status).toBe(200);
    expect(Object.keys(old.body).sort()).toEqual(['changes', 'cursor', 'gone', 'more', 'reset']);
    expect(old.body.changes.map((change) => change.uid)).toEqual([
      't-archived',
      't-open',
      't-recent',
      't-deleted',
    ]);
    expect(old.body.cursor).toBe('2:t-deleted');
  });

  it('keeps the cursor rules: pages skip archived rows and the cursor still reaches the last push', async () => {
    const admin = await createAdminWithToken();
    const ops = [];
    for (let index = 0; index < 9; index++) {
      const uid = `t${index}`;
      ops.push(
        upsertOp(`o${index}`, uid, index % 3 === 0 ? { title: uid, progress: 0 } : done(uid, 100 + index)),
      );
    }
    await push(admin.token, 'c1', ops);
    // The last push holds archived tasks only: the walk must still end past it.
    await push(admin.token, 'c1', [upsertOp('o9', 't9', done('t9', 200))]);
    const walk = await pullRecentAll(admin.token, 2);
    expect(walk.uids).toEqual(['t0', 't3', 't6']);
    expect(walk.cursor).toBe('2:');
    expect(walk.pages.every((page) => page.archivedBefore !== undefined)).toBe(true);

    // Incremental: a reopened task comes back, a newly archived one does not.
    await push(admin.token, 'c1', [
      upsertOp('o10', 't1', { progress: 50 }, { baseV: 1 }),
      upsertOp('o11', 't0', done('t0', 45), { baseV: 1 }),
    ]);
    const next = await pullRecentAll(admin.token, 500, walk.cursor);
    expect(next.uids).toEqual(['t1']);
    expect(next.cursor).toBe('3:t1');
    // Without recent, the same walk brings every task.
    expect((await pullAll(admin.token, 2)).changes.map((change) => change.uid)).toEqual([
      't2',
      't3',
      't4',
      't5',
      't6',
      't7',
      't8',
      't9',
      't0',
      't1',
    ]);
  });

  it('follows SYNC_ARCHIVE_DAYS', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', SYNC_ARCHIVE_DAYS: '365' });
    try {
      const { token } = await createUserWithToken();
      await push(token, 'c1', [
        upsertOp('o1', 't1', done('Year old', 300)),
        upsertOp('o2', 't2', done('Older', 400)),
      ]);
      expect((await pullRecentAll(token)).uids).toEqual(['t1']);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });
});
