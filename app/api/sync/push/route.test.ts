import { beforeAll, describe, expect, it } from 'vitest';
import { GET as conflictsRoute } from '@/app/api/sync/conflicts/route';
import { GET as pullRoute } from '@/app/api/sync/pull/route';
import { ACCESS_MESSAGES } from '@/features/sync/model/access';
import { parseHlc } from '@/features/sync/model/hlc';
import { SYNC_LIMITS } from '@/features/sync/model/protocol';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { assignTo, lifeOp, pull, pullAll, push, stamp, syncRows, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/sync/push';

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

describe('the /api/sync routes with TEAM_SYNC=off', () => {
  it('answer 404 SYNC_DISABLED before looking at the token', async () => {
    await applyTestEnv({ TEAM_SYNC: 'off' });
    try {
      const disabled = { message: 'Team sync is not enabled on this server.', code: 'SYNC_DISABLED' };
      const responses = [
        await push('not-a-token', 'c1', [upsertOp('o1', 't1', { title: 'x' })]),
        await push(undefined, 'c1', []),
        await call(pullRoute, '/api/sync/pull?cursor=0:'),
        await call(conflictsRoute, '/api/sync/conflicts'),
      ];
      for (const res of responses) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(disabled);
      }
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });
});

describe('POST /api/sync/push', () => {
  it('answers 401 without a valid token', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await push(token, 'c1', [upsertOp('o1', 't1', { title: 'x' })]);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 429 after RATE_LIMIT_SYNC_MAX pushes and pulls together, per user, before reading the body', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', RATE_LIMIT_SYNC_MAX: '2' });
    try {
      const { token } = await createUserWithToken();
      expect((await push(token, 'c1', [upsertOp('o1', 't1', { title: 'x' })])).status).toBe(200);
      expect((await pull(token)).status).toBe(200);
      // Even a body that would be a 400 is counted and refused first.
      const limited = await push(token, 'c1', []);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await pull(token)).status).toBe(429);
      // Another user has an allowance of their own; no token is still 401, not 429.
      const other = await createUserWithToken();
      expect((await pull(other.token)).status).toBe(200);
      expect((await push(undefined, 'c1', [])).status).toBe(401);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });

  it('answers 405 for other methods', async () => {
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ GET, PUT, PATCH, DELETE }, PATH, 'POST', { token });
  });

  it('answers 400 for bad bodies and stores nothing', async () => {
    const { token } = await createUserWithToken();
    const good = upsertOp('o1', 't1', { title: 'x' });
    const cases: [unknown, string][] = [
      [{ ...good, fields: { title: { value: 'x', hlc: 'yesterday' } } }, 'Each stamp must be a clock stamp'],
      [{ ...good, fields: { id: { value: 1, hlc: stamp() } } }, 'id and uid are not synced fields.'],
      [{ ...good, opId: 'has space' }, 'opId must be 1–64 letters'],
      [{ kind: 'delete', opId: 'o1', uid: 't1', baseV: 0 }, ''],
    ];
    for (const [op, message] of cases) {
      const res = await push(token, 'c1', [op]);
      expect(res.status, JSON.stringify(op)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toContain(message);
    }
    const tooMany = Array.from({ length: SYNC_LIMITS.maxOpsPerPush + 1 }, (_, i) =>
      upsertOp(`o${i}`, `t${i}`, { title: 'x' }),
    );
    const many = await push(token, 'c1', tooMany);
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('A push carries at most 200 operations.');
    const empty = await push(token, 'c1', []);
    expect(empty.body.message).toBe('A push carries at least one operation.');
    const broken = await call(POST, PATH, { token, rawBody: '{"clientId":' });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('INVALID_JSON');
    const rows = await syncRows();
    expect([rows.tasks, rows.changes, rows.conflicts]).toEqual([[], [], []]);
  });

  it('takes bodies above the API’s 100 kB up to 1 MB, and answers 413 above that', async () => {
    const { token } = await createUserWithToken();
    const description = 'n'.repeat(15_000);
    const ops = Array.from({ length: 10 }, (_, i) => upsertOp(`o${i}`, `t${i}`, { description }));
    const large = await push(token, 'c1', ops);
    expect(large.status).toBe(200);
    expect(large.body.acks).toHaveLength(10);

    const huge = Array.from({ length: 60 }, (_, i) =>
      upsertOp(`h${i}`, `h${i}`, { description: 'n'.repeat(19_000) }),
    );
    const res = await push(token, 'c1', huge);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      message: 'Request body is too large (limit 1 MB).',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('creates a task owned by the pusher and answers acks, the sequence number and the server clock', async () => {
    const { user, token } = await createUserWithToken();
    const before = Date.now();
    const hlc = stamp(before, 'devA');
    const res = await push(token, 'c1', [upsertOp('o1', 't1', { title: 'Write', status: 'Todo' }, { hlc })]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ acks: ['o1'], rejected: [], seq: 1, serverHlc: expect.any(String) });
    expect(res.body.serverHlc > hlc).toBe(true);
    expect(parseHlc(res.body.serverHlc).node).toBe('server');
    const { tasks, changes, state } = await syncRows();
    expect(tasks).toEqual([
      expect.objectContaining({
        uid: 't1',
        ownerId: user.id,
        assigneeId: null,
        deleted: false,
        version: 1,
        life: null,
      }),
    ]);
    // The task's number in General, stamped by the server (ADR 0049).
    expect(JSON.parse(tasks[0]!.fields)).toEqual({
      title: { value: 'Write', hlc, seq: 1 },
      status: { value: 'Todo', hlc, seq: 1 },
      number: { value: 1, hlc: expect.stringMatching(/-server$/), seq: 1 },
    });
    expect(changes).toEqual([
      expect.objectContaining({ seq: 1, taskUid: 't1', userId: user.id, clientId: 'c1', opId: 'o1' }),
    ]);
    expect(changes[0]).toMatchObject({ kind: 'upsert', outcome: 'applied' });
    expect(state).toEqual([{ id: 1, lastSeq: 1, gcFloorSeq: 0, assigneesBound: false }]);
  });

  it('applies a repeated push once: same acks, one change row per operation, no new sequence number', async () => {
    const { token } = await createUserWithToken();
    const ops = [upsertOp('o1', 't1', { title: 'A' }), upsertOp('o2', 't2', { title: 'B' })];
    const first = await push(token, 'c1', ops);
    const second = await push(token, 'c1', ops);
    expect(first.body).toMatchObject({ acks: ['o1', 'o2'], rejected: [], seq: 1 });
    expect(second.body).toMatchObject({ acks: ['o1', 'o2'], rejected: [], seq: 0 });
    const rows = await syncRows();
    expect(rows.changes).toHaveLength(2);
    expect(rows.tasks.map((task) => task.version)).toEqual([1, 1]);
    expect(rows.state[0]?.lastSeq).toBe(1);
    // The same op id from another client is another operation.
    const other = await push(token, 'c2', [upsertOp('o1', 't1', { title: 'A2' })]);
    expect(other.body).toMatchObject({ acks: ['o1'], seq: 2 });
    expect((await syncRows()).changes).toHaveLength(3);
  });

  it('gives 20 concurrent pushes gap-free sequence numbers, and a walk with limit 7 sees each change once', async () => {
    const { token } = await createAdminWithToken();
    const base = Date.now();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        push(token, `client${i}`, [
          upsertOp(`own${i}`, `task-${String(i).padStart(2, '0')}`, { title: `Task ${i}` }),
          // 16 fields (a task's most of unknown ones): pushes i and i + 16 race for `by${i % 16}`.
          upsertOp(`shared${i}`, 'shared', { [`by${i % 16}`]: i }, { hlc: stamp(base + i, `dev${i}`) }),
        ]),
      ),
    );
    for (const res of results) expect(res.status).toBe(200);
    expect(results.map((res) => res.body.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );

    const walk = await pullAll(token, 7);
    expect(walk.pages.map((page) => [page.changes.length, page.more])).toEqual([
      [7, true],
      [7, true],
      [7, false],
    ]);
    const uids = walk.changes.map((change) => change.uid);
    expect(new Set(uids).size).toBe(21);
    expect(uids).toHaveLength(21);
    const shared = walk.changes.find((change) => change.uid === 'shared')!;
    expect(shared.v).toBe(20);
    expect(shared.data).toEqual(
      // GEN-2: the first push applied made it, after its own task (GEN-1).
      {
        ...Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`by${i}`, i < 4 ? i + 16 : i])),
        number: 2,
      },
    );
    // Versions never go down along the walk, and the cursor ends at the last push.
    const versions = walk.changes.map((change) => change.v);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    const last = walk.changes.at(-1)!;
    expect(last.v).toBe(20);
    expect(walk.cursor).toBe(`20:${last.uid}`);
    const again = await pull(token, walk.cursor);
    expect(again.body).toEqual({ changes: [], gone: [], cursor: walk.cursor, more: false, reset: false });
  });

  it('refuses a member’s write to another member’s task, leaving no trace of it (issue 34)', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    const created = await push(alice.token, 'ca', [upsertOp('a1', 'task-a', { title: 'Alice’s' })]);
    expect(created.body.seq).toBe(1);

    const hlc = stamp(Date.now() + 1000, 'devB');
    const ops = [
      upsertOp('b1', 'task-a', { title: 'Bob was here', status: 'Done' }, { hlc }),
      lifeOp('delete', 'b2', 'task-a'),
      upsertOp('b3', 'task-b', { title: 'Bob’s own' }),
    ];
    const res = await push(bob.token, 'cb', ops);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      acks: ['b3'],
      rejected: [
        { opId: 'b1', reason: 'forbidden', message: ACCESS_MESSAGES.notYours },
        { opId: 'b2', reason: 'forbidden', message: ACCESS_MESSAGES.notYours },
      ],
      seq: 2,
    });
    // Sent again, the refused ones are decided again, the same way.
    const replay = await push(bob.token, 'cb', ops);
    expect(replay.body).toMatchObject({ acks: ['b3'], rejected: res.body.rejected, seq: 0 });

    const rows = await syncRows();
    const taskA = rows.tasks.find((task) => task.uid === 'task-a')!;
    // Not moved, nothing kept: no record, no op-log row, no revocation.
    expect(taskA.version).toBe(1);
    expect(JSON.parse(taskA.fields)).toEqual({
      title: { value: 'Alice’s', hlc: expect.any(String), seq: 1 },
      number: { value: 1, hlc: expect.any(String), seq: 1 },
    });
    expect(taskA.deleted).toBe(false);
    expect(rows.conflicts).toEqual([]);
    expect(rows.changes.map((row) => [row.opId, row.outcome]).sort()).toEqual([
      ['a1', 'applied'],
      ['b3', 'applied'],
    ]);
    expect(rows.revocations).toEqual([]);
    expect(rows.state[0]?.lastSeq).toBe(2);
    const forBob = await pullAll(bob.token);
    expect(forBob.changes).toEqual([
      { uid: 'task-b', v: 2, deleted: false, data: { title: 'Bob’s own', number: 2 } },
    ]);
    expect(forBob.gone).toEqual([]);
    const forAlice = await pullAll(alice.token, 500, '1:task-a');
    expect(forAlice.changes).toEqual([]);
  });

  it('moves a task for a write that lost or repeated its value, so the sender pulls the winner; a replay moves nothing', async () => {
    const { token } = await createUserWithToken();
    const base = Date.now();
    const winner = stamp(base + 100, 'devA');
    await push(token, 'ca', [upsertOp('a1', 't1', { title: 'Winner', status: 'Todo' }, { hlc: winner })]);

    const loser = upsertOp('b1', 't1', { title: 'Loser' }, { hlc: stamp(base + 50, 'devB'), baseV: 1 });
    const lost = await push(token, 'cb', [loser]);
    expect(lost.body).toMatchObject({ acks: ['b1'], rejected: [], seq: 2 });
    const afterLoss = (await syncRows()).tasks[0]!;
    expect(afterLoss.version).toBe(2);
    // The values and their stamps stay the winner's, written by push 1.
    expect(JSON.parse(afterLoss.fields)).toEqual({
      title: { value: 'Winner', hlc: winner, seq: 1 },
      status: { value: 'Todo', hlc: winner, seq: 1 },
      number: { value: 1, hlc: expect.any(String), seq: 1 },
    });
    expect((await pullAll(token, 500, '1:t1')).changes).toEqual([
      { uid: 't1', v: 2, deleted: false, data: { title: 'Winner', status: 'Todo', number: 1 } },
    ]);

    const repeated = await push(token, 'cc', [
      upsertOp('c1', 't1', { status: 'Todo' }, { hlc: winner, baseV: 2 }),
    ]);
    expect(repeated.body).toMatchObject({ acks: ['c1'], rejected: [], seq: 3 });
    expect((await syncRows()).tasks[0]!.version).toBe(3);

    const replay = await push(token, 'cb', [loser]);
    expect(replay.body).toMatchObject({ acks: ['b1'], rejected: [], seq: 0 });
    const rows = await syncRows();
    expect(rows.tasks[0]!.version).toBe(3);
    expect(rows.state).toEqual([{ id: 1, lastSeq: 3, gcFloorSeq: 0, assigneesBound: false }]);
    expect(rows.changes.map((row) => [row.opId, row.outcome, row.seq]).sort()).toEqual([
      ['a1', 'applied', 1],
      ['b1', 'unchanged', 2],
      ['c1', 'unchanged', 3],
    ]);
    expect(rows.conflicts.map((row) => [row.field, row.value, row.reason, row.seq])).toEqual([
      ['title', '"Loser"', 'concurrent', 2],
    ]);
  });

  it('creates no task for an operation based on a version of a task it no longer has; an upsert’s values become after-delete conflicts', async () => {
    const { user, token } = await createUserWithToken();
    const hlc = stamp(Date.now(), 'devA');
    const ops = [
      upsertOp('o1', 'purged', { title: 'Late edit', status: 'Done' }, { hlc, baseV: 4 }),
      lifeOp('restore', 'o2', 'purged-too', { hlc, baseV: 2 }),
      lifeOp('delete', 'o3', 'purged-three', { hlc, baseV: 7 }),
    ];
    const res = await push(token, 'c1', ops);
    expect(res.body).toMatchObject({ acks: ['o1', 'o2', 'o3'], rejected: [], seq: 1 });
    const rows = await syncRows();
    expect(rows.tasks).toEqual([]);
    expect(
      rows.conflicts
        .map((row) => [
          row.taskUid,
          row.field,
          row.value,
          row.hlc,
          row.winningHlc,
          row.reason,
          row.userId,
          row.seq,
        ])
        .sort(),
    ).toEqual([
      ['purged', 'status', '"Done"', hlc, null, 'after-delete', user.id, 1],
      ['purged', 'title', '"Late edit"', hlc, null, 'after-delete', user.id, 1],
    ]);
    expect(rows.changes.map((row) => [row.opId, row.outcome]).sort()).toEqual([
      ['o1', 'unchanged'],
      ['o2', 'unchanged'],
      ['o3', 'unchanged'],
    ]);
    expect(rows.state).toEqual([{ id: 1, lastSeq: 1, gcFloorSeq: 0, assigneesBound: false }]);
    expect((await pullAll(token)).changes).toEqual([]);

    // A replay keeps the values once; a new task (baseV 0) with that uid is created as usual.
    expect((await push(token, 'c1', ops)).body).toMatchObject({ acks: ['o1', 'o2', 'o3'], seq: 0 });
    expect((await syncRows()).conflicts).toHaveLength(2);
    const created = await push(token, 'c1', [upsertOp('o4', 'purged', { title: 'New' })]);
    expect(created.body).toMatchObject({ acks: ['o4'], seq: 2 });
    expect((await pullAll(token)).changes).toEqual([
      { uid: 'purged', v: 2, deleted: false, data: { title: 'New', number: 1 } },
    ]);
  });

  it('lets the assignee edit but not reassign or delete; the owner reassigns', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    const carol = await createUserWithToken({ fullName: 'Carol Clark' });
    await push(alice.token, 'ca', [upsertOp('a1', 't1', { title: 'Shared', ...assignTo(bob.user) })]);
    const res = await push(bob.token, 'cb', [
      upsertOp('b1', 't1', { status: 'Done' }, { baseV: 1 }),
      upsertOp('b2', 't1', assignTo(carol.user), { baseV: 1 }),
      lifeOp('delete', 'b3', 't1', { baseV: 1 }),
    ]);
    expect(res.body).toMatchObject({
      acks: ['b1'],
      rejected: [
        { opId: 'b2', reason: 'forbidden', message: ACCESS_MESSAGES.ownerOnlyAssignee },
        { opId: 'b3', reason: 'forbidden', message: ACCESS_MESSAGES.ownerOnlyLife },
      ],
      seq: 2,
    });
    const [task] = (await syncRows()).tasks;
    expect(task).toMatchObject({
      assigneeId: bob.user.id,
      ownerId: alice.user.id,
      deleted: false,
      version: 2,
    });
  });

  it('re-stamps a write from a clock an hour ahead, so a later write from a correct clock wins', async () => {
    const { token } = await createUserWithToken();
    const before = Date.now();
    const future = stamp(before + 60 * 60_000, 'fast');
    await push(token, 'c1', [upsertOp('o1', 't1', { title: 'from the future' }, { hlc: future })]);
    const [task] = (await syncRows()).tasks;
    const stored = JSON.parse(task!.fields) as { title: { hlc: string } };
    const restamped = parseHlc(stored.title.hlc);
    expect(restamped.node).toBe('server');
    expect(restamped.wall).toBeGreaterThanOrEqual(before);
    expect(restamped.wall).toBeLessThan(before + SYNC_LIMITS.maxClockDriftMs);

    const later = await push(token, 'c2', [
      upsertOp('o2', 't1', { title: 'now' }, { hlc: stamp(Date.now() + 1000, 'slow'), baseV: 1 }),
    ]);
    expect(later.body.seq).toBe(2);
    const walk = await pullAll(token);
    expect(walk.changes).toEqual([{ uid: 't1', v: 2, deleted: false, data: { title: 'now', number: 1 } }]);
  });
});
