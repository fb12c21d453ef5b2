import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUT as putComment } from '@/app/api/sync/comments/[id]/route';
import type { HistoryPage } from '@/features/sync/server/history-service';
import type { Json } from '@/features/sync/model/protocol';
import { getDatabase } from '@/server/db';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { lifeOp, push, stamp, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

type Body = Partial<HistoryPage> & { message?: string; code?: string };

function history(token: string | undefined, uid: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return call<Body>(GET, `/api/sync/tasks/${uid}/history${search ? `?${search}` : ''}`, {
    token,
    params: { uid },
  });
}

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

describe('GET /api/sync/tasks/{uid}/history with TEAM_SYNC=off', () => {
  it('answers 404 SYNC_DISABLED', async () => {
    await expectSyncDisabled(async () => {
      const { token } = await createAdminWithToken();
      return [await history(token, 't1')];
    });
  });
});

describe('GET /api/sync/tasks/{uid}/history', () => {
  it('lists what happened, newest first, with names, and answers 404 to those who may not see the task', async () => {
    const ana = await createUserWithToken({ fullName: 'Ana Owner' });
    const ben = await createUserWithToken({ fullName: 'Ben Helper' });
    const max = await createUserWithToken({ fullName: 'Max Member' });
    const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
    const t = Date.now();
    const ok = async (res: Awaited<ReturnType<typeof push>>) => expect(res.status, res.text).toBe(200);
    await ok(
      await push(ana.token, 'ana-pc', [
        upsertOp('o1', 'h1', { title: 'Plan', progress: 40 }, { hlc: stamp(t) }),
      ]),
    );
    await ok(
      await push(ana.token, 'ana-pc', [
        upsertOp('o2', 'h1', { progress: 80 }, { hlc: stamp(t + 1), baseV: 1 }),
      ]),
    );
    await ok(
      await push(ana.token, 'ana-pc', [
        upsertOp(
          'o3',
          'h1',
          { assigneeId: ben.user.id, assignedTo: 'Ben Helper' },
          { hlc: stamp(t + 2), baseV: 2 },
        ),
      ]),
    );
    await ok(
      await push(ben.token, 'ben-pc', [
        upsertOp('o4', 'h1', { progress: 100 }, { hlc: stamp(t + 3), baseV: 3 }),
      ]),
    );
    await ok(
      await push(ana.token, 'ana-pc', [lifeOp('delete', 'o5', 'h1', { hlc: stamp(t + 4), baseV: 4 })]),
    );
    await ok(
      await push(ana.token, 'ana-pc', [lifeOp('restore', 'o6', 'h1', { hlc: stamp(t + 5), baseV: 5 })]),
    );
    const comment = await call(putComment, `/api/sync/comments/x`, {
      token: ben.token,
      method: 'PUT',
      body: { task: 'h1', body: 'Done!', mentions: [] },
      params: { id: randomUUID() },
    });
    expect(comment.status, comment.text).toBe(201);
    for (const who of [ana, ben, ada]) {
      const res = await history(who.token, 'h1');
      expect(res.status, res.text).toBe(200);
      expect(res.body.entries!.map((e) => e.text)).toEqual([
        'Ben Helper commented',
        'Ana Owner restored the task',
        'Ana Owner deleted the task',
        'Ben Helper completed the task',
        'Ana Owner assigned the task to Ben Helper',
        'Ana Owner changed progress 40 → 80',
        'Ana Owner created the task',
      ]);
      expect(res.body.complete).toBe(true);
    }
    const hidden = await history(max.token, 'h1');
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ message: 'No such task, or you cannot see it.', code: 'NOT_FOUND' });
    expect((await history(max.token, 'nope')).body).toEqual(hidden.body);

    // A deleted account is `Former member`; paging: two pages, no duplicates, no gaps.
    const { db, tables } = await getDatabase();
    await db.delete(tables.users).where(eq(tables.users.id, ben.user.id));
    const first = await history(ana.token, 'h1', { limit: '4' });
    expect(first.body.entries!.map((e) => e.text)).toEqual([
      'Former member commented',
      'Ana Owner restored the task',
      'Ana Owner deleted the task',
      'Former member completed the task',
    ]);
    const second = await history(ana.token, 'h1', { limit: '4', before: first.body.next! });
    expect(second.body.entries!.map((e) => e.text)).toEqual([
      'Ana Owner assigned the task to Former member',
      'Ana Owner changed progress 40 → 80',
      'Ana Owner created the task',
    ]);
    expect(second.body.next).toBeNull();
    expect((await history(ana.token, 'h1', { limit: '51' })).status).toBe(400);
  });

  it("lists a conflict's replaced value, and counts on the sync rate limit", async () => {
    const ana = await createUserWithToken({ fullName: 'Ana Owner' });
    const ben = await createUserWithToken({ fullName: 'Ben Helper' });
    const t = Date.now();
    await push(ana.token, 'ana-pc', [
      upsertOp('r1', 'h2', { title: 'Plan', assigneeId: ben.user.id }, { hlc: stamp(t) }),
    ]);
    // Ben had not seen version 1 (baseV 0) and writes later: Ana's title is replaced.
    const res = await push(ben.token, 'ben-pc', [
      upsertOp('r2', 'h2', { title: 'Better' }, { hlc: stamp(t + 1, 'dev2'), baseV: 0 }),
    ]);
    expect(res.status, res.text).toBe(200);
    const page = await history(ana.token, 'h2');
    expect(page.body.entries!.map((e) => e.text)).toEqual(
      expect.arrayContaining([
        "Ana Owner's title Plan was replaced",
        'Ben Helper changed title Plan → Better',
      ]),
    );
    await applyTestEnv({ TEAM_SYNC: 'on', RATE_LIMIT_SYNC_MAX: '1' });
    try {
      const ada = await createAdminWithToken();
      expect((await history(ada.token, 'h2')).status).toBe(200);
      const limited = await history(ada.token, 'h2');
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });

  it('lists one person’s run of changes to a field as one entry (also history stored before), never split across pages', async () => {
    const ana = await createUserWithToken({ fullName: 'Ana Owner' });
    const ben = await createUserWithToken({ fullName: 'Ben Helper' });
    const t = Date.now();
    let v = 0;
    const step = async (who: typeof ana, device: string, fields: Record<string, Json>) => {
      v += 1;
      const res = await push(who.token, device, [
        upsertOp(`s${v}`, 'h4', fields, { hlc: stamp(t + v, device), baseV: v - 1 }),
      ]);
      expect(res.status, res.text).toBe(200);
    };
    await step(ana, 'ana-pc', { title: 'Plan', progress: 0, assigneeId: ben.user.id });
    for (const progress of [10, 20, 30, 40, 50, 60]) await step(ana, 'ana-pc', { progress });
    await step(ben, 'ben-pc', { title: 'Plan B' });
    // Back where it started: 60 → 70 → 60 changed nothing.
    await step(ana, 'ana-pc', { progress: 70 });
    await step(ana, 'ana-pc', { progress: 60 });
    await step(ana, 'ana-pc', { title: 'Plan C' });
    await step(ana, 'ana-pc', { progress: 80 });
    const texts = async (query: Record<string, string> = {}) => {
      const res = await history(ben.token, 'h4', query);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    expect((await texts()).entries!.map((e) => e.text)).toEqual([
      'Ana Owner changed progress 60 → 80',
      'Ana Owner changed title Plan B → Plan C',
      'Ben Helper changed title Plan → Plan B',
      'Ana Owner changed progress 0 → 60',
      'Ana Owner assigned the task to Ben Helper',
      'Ana Owner created the task',
    ]);

    // Pages of one entry: each run once, none split, the same five in order.
    const paged: string[] = [];
    let before: string | null = null;
    do {
      const page: Body = await texts(before ? { limit: '1', before } : { limit: '1' });
      paged.push(...page.entries!.map((e) => e.text));
      before = page.next ?? null;
    } while (before);
    expect(paged).toEqual((await texts()).entries!.map((e) => e.text));

    // The rule reads the stored times: a pause of more than 5 minutes between 30 and 40 ends the run.
    const { db, tables } = await getDatabase();
    const rows = await db
      .select({
        id: tables.syncChanges.id,
        opId: tables.syncChanges.opId,
        createdAt: tables.syncChanges.createdAt,
      })
      .from(tables.syncChanges)
      .where(eq(tables.syncChanges.taskUid, 'h4'));
    const later = (opId: string) => Number(opId.slice(1)) >= 5;
    for (const row of rows.filter((r) => later(r.opId))) {
      await db
        .update(tables.syncChanges)
        .set({ createdAt: new Date(row.createdAt.getTime() + 6 * 60_000) })
        .where(eq(tables.syncChanges.id, row.id));
    }
    expect((await texts()).entries!.map((e) => e.text).slice(-4)).toEqual([
      'Ana Owner changed progress 30 → 60',
      'Ana Owner changed progress 0 → 30',
      'Ana Owner assigned the task to Ben Helper',
      'Ana Owner created the task',
    ]);
  });

  it('refuses a cursor that is not one, and other methods', async () => {
    const ana = await createUserWithToken({ fullName: 'Ana Owner' });
    await push(ana.token, 'ana-pc', [upsertOp('c1', 'h3', { title: 'Plan' })]);
    for (const before of ['!!', 'bm90LWEtY3Vyc29y']) {
      const res = await history(ana.token, 'h3', { before });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    await expectMethodNotAllowed({ POST, PUT, PATCH, DELETE }, '/api/sync/tasks/h3/history', 'GET', {
      token: ana.token,
    });
  });
});
