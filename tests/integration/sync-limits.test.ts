import { sql, type SQL } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@/server/db';
import { logger } from '@/server/logger';
import { purgeTombstones } from '@/features/sync/server/purge';
import { MAX_OPEN_CONFLICTS_PER_TASK, taskLimitMessage } from '@/features/sync/server/push-limits';
import { ACCESS_MESSAGES } from '@/features/sync/model/access';
import { type Json, SYNC_LIMITS } from '@/features/sync/model/protocol';
import { TASK_LIMIT_MESSAGES, TASK_LIMITS } from '@/features/sync/model/task-size';
import { call } from '@/tests/helpers/api';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { assignTo, lifeOp, pullAll, push, stamp, syncRows, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { POST as pushRoute } from '@/app/api/sync/push/route';

const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

afterEach(async () => {
  vi.restoreAllMocks();
});

/** Characters of the sync tables' stored JSON: what pushes make the database hold. */
async function storedSyncChars(): Promise<number> {
  const rows = await syncRows();
  let chars = 0;
  for (const task of rows.tasks) chars += task.fields.length + (task.life?.length ?? 0);
  for (const change of rows.changes) chars += change.payload.length;
  for (const conflict of rows.conflicts) chars += conflict.value.length;
  return chars;
}

/**
 * Bytes the database uses for the sync tables (PostgreSQL: with their indexes and TOAST, rewritten
 * first so earlier tests' dead rows do not lend their space) or in all (SQLite: pages in use).
 */
async function databaseBytes(): Promise<number> {
  const handle = await getDatabase();
  if (handle.dialect === 'postgres') {
    const pg = handle.db as unknown as { execute(query: SQL): Promise<{ rows: { bytes: string }[] }> };
    await pg.execute(sql`vacuum full sync_tasks, sync_changes, sync_conflicts, sync_revocations`);
    const { rows } = await pg.execute(
      sql`select sum(pg_total_relation_size(c.oid))::bigint as bytes from pg_class c
          where c.relname in ('sync_tasks', 'sync_changes', 'sync_conflicts', 'sync_revocations')`,
    );
    return Number(rows[0]!.bytes);
  }
  const sqlite = handle.db as unknown as { get<T>(query: SQL): T };
  return sqlite.get<{ used: number }>(
    sql`select (page_count - freelist_count) * page_size as used
        from pragma_page_count(), pragma_freelist_count(), pragma_page_size()`,
  ).used;
}

/** Bytes of everything a user's pull from the start brings, as JSON. */
async function pullBytes(token: string): Promise<number> {
  const { pages } = await pullAll(token);
  return pages.reduce((sum, page) => sum + Buffer.byteLength(JSON.stringify(page)), 0);
}

/** `length` letters and digits from a fixed pseudo-random sequence. */
function noise(length: number): string {
  let state = 12_345;
  let text = '';
  while (text.length < length) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    text += (state % 36).toString(36);
  }
  return text;
}

/** `levels` nested arrays around a string. */
function nested(levels: number): Json {
  let value: Json = 'deep';
  for (let level = 0; level < levels; level++) value = [value];
  return value;
}

describe('a task’s size on the server', () => {
  it('refuses an upsert that would take a task past 32 kB, stores no value, leaves the task alone and applies the rest', async () => {
    const { token } = await createUserWithToken();
    const description = 'd'.repeat(18_000);
    const first = await push(token, 'c1', [upsertOp('o1', 't1', { title: 'Plan', description })]);
    expect(first.body.acks).toEqual(['o1']);
    const before = (await syncRows()).tasks[0]!;

    // 18 kB + 15,000 three-byte characters: 63 kB of UTF-8, though each value is under 20,000 characters.
    const ops = [
      upsertOp('o2', 't1', { title: '€'.repeat(15_000) }, { baseV: 1 }),
      upsertOp('o3', 't2', { title: 'Small one' }),
    ];
    const res = await push(token, 'c1', ops);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      acks: ['o3'],
      rejected: [{ opId: 'o2', reason: 'too-large', message: TASK_LIMIT_MESSAGES.tooLarge }],
      seq: 2,
    });
    const rows = await syncRows();
    const t1 = rows.tasks.find((task) => task.uid === 't1')!;
    // Not moved: the sender's pull does not bring the old title back over the change it keeps.
    expect(t1).toEqual(before);
    expect(rows.conflicts).toEqual([]);
    const refused = rows.changes.find((row) => row.opId === 'o2')!;
    expect(refused.outcome).toBe('forbidden');
    expect(refused.payload.length).toBeLessThan(400);
    expect(JSON.parse(refused.payload)).toMatchObject({
      kind: 'upsert',
      fields: { title: { chars: 15_002 } },
      reason: 'too-large',
    });

    // A replay is refused again with the same reason, and still stores nothing.
    const replay = await push(token, 'c1', ops);
    expect(replay.body).toMatchObject({ acks: ['o3'], rejected: res.body.rejected, seq: 0 });
    expect((await syncRows()).changes).toHaveLength(3);
  });

  it('refuses a new task past 32 kB (a value of 20,000 characters each in two fields) and one with values under it', async () => {
    const { token } = await createUserWithToken();
    const big = 'x'.repeat(SYNC_LIMITS.maxValueChars - 2);
    const limit = TASK_LIMITS.maxTaskBytes;
    const res = await push(token, 'c1', [
      upsertOp('o1', 't1', { title: big, description: big }),
      upsertOp('o2', 't2', { title: 'z'.repeat(16_000), description: 'y'.repeat(limit - 16_100) }),
    ]);
    expect(res.body.acks).toEqual(['o2']);
    expect(res.body.rejected).toEqual([
      { opId: 'o1', reason: 'too-large', message: TASK_LIMIT_MESSAGES.tooLarge },
    ]);
    expect((await syncRows()).tasks.map((task) => task.uid)).toEqual(['t2']);
  });

  it('takes at most 16 unknown fields of at most 1 kB each; known fields and nulls do not count', async () => {
    const { token } = await createUserWithToken();
    const sixteen = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`extra${i}`, 'v'.repeat(900)]));
    const known = { title: 'T', description: 'D', priority: 'High', column: 'To Do', progress: 10 };
    const ok = await push(token, 'c1', [upsertOp('o1', 't1', { ...known, ...sixteen, gone: null })]);
    expect(ok.body.acks).toEqual(['o1']);

    const res = await push(token, 'c1', [
      upsertOp('o2', 't1', { extra16: 'one too many' }, { baseV: 1 }),
      upsertOp('o3', 't2', { title: 'T', notes: 'n'.repeat(TASK_LIMITS.maxUnknownFieldBytes) }),
      // Clearing one makes room for another.
      upsertOp('o4', 't1', { extra0: null, extra16: 'instead' }, { baseV: 1 }),
    ]);
    expect(res.body.acks).toEqual(['o4']);
    expect(res.body.rejected).toEqual([
      { opId: 'o2', reason: 'too-large', message: TASK_LIMIT_MESSAGES.tooManyUnknown },
      { opId: 'o3', reason: 'too-large', message: TASK_LIMIT_MESSAGES.unknownTooLarge },
    ]);
  });

  it('takes at most 100 checklist items of at most 1 kB each; a deleted item (null) frees its place', async () => {
    const { token } = await createUserWithToken();
    const item = (i: number): Json => ({ text: `Step ${i}`, done: false, pos: i + 1 });
    const hundred = Array.from({ length: 100 }, (_, i) => [`ck_item${i}`, item(i)] as const);
    // An upsert writes at most 40 fields: the browser sends a long checklist in several.
    const parts = [0, 39, 78].map((start, index) =>
      upsertOp(`o1${index}`, 't1', { title: 'T', ...Object.fromEntries(hundred.slice(start, start + 39)) }),
    );
    const ok = await push(token, 'c1', parts);
    expect(ok.body.acks).toEqual(['o10', 'o11', 'o12']);

    const res = await push(token, 'c1', [
      upsertOp('o2', 't1', { ck_more: item(100) }, { baseV: 1 }),
      upsertOp('o3', 't2', {
        title: 'T',
        ck_big: { text: 'x'.repeat(TASK_LIMITS.maxChecklistItemBytes), done: false, pos: 1 },
      }),
      // Deleting one makes room for another.
      upsertOp('o4', 't1', { ck_item0: null, ck_more: item(100) }, { baseV: 1 }),
    ]);
    expect(res.body.acks).toEqual(['o4']);
    expect(res.body.rejected).toEqual([
      { opId: 'o2', reason: 'too-large', message: TASK_LIMIT_MESSAGES.tooManyChecklistItems },
      { opId: 'o3', reason: 'too-large', message: TASK_LIMIT_MESSAGES.checklistItemTooLarge },
    ]);
    const t1 = (await syncRows()).tasks.find((task) => task.uid === 't1')!;
    expect(JSON.parse(t1.fields)).toHaveProperty('ck_more');
  });

  it('keeps no value of an oversized edit of a purged task (after-delete) either', async () => {
    const { token } = await createUserWithToken();
    const big = 'x'.repeat(SYNC_LIMITS.maxValueChars - 2);
    const res = await push(token, 'c1', [
      upsertOp('o1', 'purged', { title: big, description: big }, { baseV: 4 }),
    ]);
    expect(res.body.rejected).toMatchObject([{ opId: 'o1', reason: 'too-large' }]);
    expect((await syncRows()).conflicts).toEqual([]);
  });
});

describe('the task cap per owner (SYNC_MAX_TASKS_PER_OWNER)', () => {
  it('refuses a new task beyond it, not edits; deleted tasks do not count; each owner has their own', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', SYNC_MAX_TASKS_PER_OWNER: '2' });
    try {
      const alice = await createUserWithToken();
      const res = await push(alice.token, 'ca', [
        upsertOp('a1', 't1', { title: 'One' }),
        upsertOp('a2', 't2', { title: 'Two' }),
        upsertOp('a3', 't3', { title: 'Three' }),
        upsertOp('a4', 't1', { title: 'One, edited' }, { baseV: 1 }),
      ]);
      expect(res.body.acks).toEqual(['a1', 'a2', 'a4']);
      expect(res.body.rejected).toEqual([{ opId: 'a3', reason: 'task-limit', message: taskLimitMessage(2) }]);
      expect(taskLimitMessage(100_000)).toBe(
        'You already have 100,000 synced tasks, the most one account may have: delete some to sync new ones. The change stays in this browser.',
      );

      const bob = await createUserWithToken();
      expect((await push(bob.token, 'cb', [upsertOp('b1', 'b1', { title: 'Bob’s' })])).body.acks).toEqual([
        'b1',
      ]);

      await push(alice.token, 'ca', [lifeOp('delete', 'a5', 't2', { baseV: 1 })]);
      const again = await push(alice.token, 'ca', [upsertOp('a6', 't3', { title: 'Three' })]);
      expect(again.body.acks).toEqual(['a6']);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });
});

describe('the byte budget per account (SYNC_PUSH_BYTES_PER_MINUTE)', () => {
  it('answers 429 with Retry-After and a message once an account pushed its bytes for the minute; others are not affected', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', SYNC_PUSH_BYTES_PER_MINUTE: String(1024 * 1024) });
    try {
      const { token } = await createUserWithToken();
      const ops = (prefix: string) =>
        Array.from({ length: 30 }, (_, i) =>
          upsertOp(`${prefix}${i}`, `${prefix}${i}`, { title: 'T', description: 'd'.repeat(19_000) }),
        );
      expect((await push(token, 'c1', ops('a'))).status).toBe(200);
      const limited = await push(token, 'c1', ops('b'));
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(
          /^This account sent more than 1 MB of changes in the last minute\. Sync resumes in (\d+ seconds|1 minute); your changes stay in this browser\.$/,
        ),
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await syncRows()).tasks).toHaveLength(30);

      const other = await createUserWithToken();
      expect((await push(other.token, 'c2', ops('c'))).status).toBe(200);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });

  it('counts bodies that fail validation too', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', SYNC_PUSH_BYTES_PER_MINUTE: String(1024 * 1024) });
    try {
      const { token } = await createUserWithToken();
      const junk = { clientId: 'c1', ops: [], padding: 'p'.repeat(600_000) };
      const first = await call(pushRoute, '/api/sync/push', { token, body: junk });
      expect(first.status).toBe(400);
      const second = await call(pushRoute, '/api/sync/push', { token, body: junk });
      expect(second.status).toBe(429);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });
});

describe('deeply nested values', () => {
  it('answers 400 for a field value nested more than 32 levels, and takes 32', async () => {
    const { token } = await createUserWithToken();
    const res = await push(token, 'c1', [upsertOp('o1', 't1', { title: 'T', extra: nested(33) })]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A field value may be nested at most 32 levels deep.');
    const ok = await push(token, 'c1', [upsertOp('o2', 't1', { title: 'T', extra: nested(32) })]);
    expect(ok.status).toBe(200);
    expect(ok.body.acks).toEqual(['o2']);
  });

  it('answers 400, not a 500 with a stack trace in the log, for a body of 100,000 nested arrays', async () => {
    const { token } = await createUserWithToken();
    const logged = vi.spyOn(logger, 'error');
    const depth = 100_000;
    const value = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const rawBody = `{"clientId":"c1","ops":[{"kind":"upsert","opId":"o1","uid":"t1","baseV":0,"fields":{"x":{"hlc":"${stamp()}","value":${value}}}}]}`;
    const res = await call(pushRoute, '/api/sync/push', { token, rawBody });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Request body is nested too deeply (at most 64 levels).',
      code: 'VALIDATION_ERROR',
    });
    expect(logged).not.toHaveBeenCalled();
  });
});

describe('conflict records', () => {
  it('purges refused and after-delete records after 30 days; lost values stay until settled', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    await push(alice.token, 'ca', [
      upsertOp(
        'a1',
        'task-a',
        { title: 'Alice’s', assignedTo: 'Bob Brown', assigneeId: bob.user.id },
        { hlc: stamp(Date.now() + 1000) },
      ),
    ]);
    await push(alice.token, 'ca2', [
      upsertOp('a2', 'task-a', { title: 'older' }, { hlc: stamp(Date.now() - 60_000, 'dev2') }),
    ]);
    // Bob, the assignee, may not reassign it: a refused write, kept as a record.
    await push(bob.token, 'cb', [
      upsertOp('b1', 'task-a', { assignedTo: 'Alice Adams' }),
      upsertOp('b2', 'gone-task', { title: 'late edit' }, { baseV: 3 }),
    ]);
    const reasons = async () =>
      (await syncRows()).conflicts.map((row) => row.reason).sort((a, b) => a.localeCompare(b));
    expect(await reasons()).toEqual(['after-delete', 'concurrent', 'forbidden']);

    await purgeTombstones(new Date(Date.now() + 29 * DAY_MS));
    expect(await reasons()).toEqual(['after-delete', 'concurrent', 'forbidden']);
    await purgeTombstones(new Date(Date.now() + 31 * DAY_MS));
    expect(await reasons()).toEqual(['concurrent']);
  });

  it(`keeps at most ${MAX_OPEN_CONFLICTS_PER_TASK} open records per task, dropping the oldest`, async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    await push(alice.token, 'ca', [
      upsertOp('a1', 'task-a', { title: 'Alice’s', assignedTo: 'Bob Brown', assigneeId: bob.user.id }),
    ]);
    // Bob, the assignee, tries to reassign the task: each op refused, its 15 values kept as records.
    const refusedFields = (batch: number, count: number) =>
      Array.from({ length: Math.ceil(count / 15) }, (_, op) =>
        upsertOp(`b${batch}-${op}`, 'task-a', {
          assignedTo: `Someone ${batch}`,
          ...Object.fromEntries(
            Array.from({ length: Math.min(14, count - op * 15 - 1) }, (_, i) => [
              `f${batch}x${op * 15 + i}`,
              i,
            ]),
          ),
        }),
      );
    const batchOf = (row: { field: string; value: string }) =>
      row.field === 'assignedTo' ? (JSON.parse(row.value) as string).slice(-1) : row.field.slice(1, 2);
    const first = await push(bob.token, 'cb', refusedFields(1, 150));
    expect(first.body.rejected).toHaveLength(10);
    expect(first.body.rejected[0]).toMatchObject({
      reason: 'forbidden',
      message: ACCESS_MESSAGES.ownerOnlyAssignee,
    });
    await push(bob.token, 'cb', refusedFields(2, 150));
    let rows = (await syncRows()).conflicts;
    expect(rows).toHaveLength(MAX_OPEN_CONFLICTS_PER_TASK);
    // The 100 oldest of the first batch went; all of the second stayed.
    expect(rows.filter((row) => batchOf(row) === '1')).toHaveLength(50);
    expect(rows.filter((row) => batchOf(row) === '2')).toHaveLength(150);

    // One push alone bringing more keeps its newest.
    await push(bob.token, 'cb', refusedFields(3, 240));
    rows = (await syncRows()).conflicts;
    expect(rows).toHaveLength(MAX_OPEN_CONFLICTS_PER_TASK);
    expect(rows.every((row) => batchOf(row) === '3')).toBe(true);
  });
});

describe('the attack of issue 21: five 1 MB pushes from one member', () => {
  it('is refused: the database and the assignee’s and the admin’s pulls stay small', async () => {
    const admin = await createAdminWithToken({ fullName: 'Ada Admin' });
    const member = await createUserWithToken({ fullName: 'Mallory Member' });
    const assignee = await createUserWithToken({ fullName: 'Sam Assignee' });
    await push(member.token, 'cm', [
      upsertOp('m0', 'normal', { title: 'A normal task', ...assignTo(assignee.user) }),
    ]);
    const storedBefore = await storedSyncChars();
    const bytesBefore = await databaseBytes();
    const pullBefore = await pullBytes(assignee.token);

    // Text that does not compress (PostgreSQL would store repeated letters in a few bytes).
    const big = noise(SYNC_LIMITS.maxValueChars - 2);
    const statuses: number[] = [];
    let rejected = 0;
    for (let round = 0; round < 5; round++) {
      // 25 tasks of 40 kB each for the assignee: about 1 MB, just under the push limit (1,048,576).
      const ops = Array.from({ length: 25 }, (_, i) =>
        upsertOp(`r${round}-${i}`, `r${round}-${i}`, {
          title: 'Look at this',
          ...assignTo(assignee.user),
          description: big,
          notes: big,
        }),
      );
      const res = await push(member.token, 'cm', ops);
      statuses.push(res.status);
      if (res.status === 200) rejected += res.body.rejected.length;
    }
    // Each task is refused for its size; after 2 MB in the minute the pushes themselves are.
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect(rejected).toBe(50);

    const grown = (await storedSyncChars()) - storedBefore;
    const bytesGrown = (await databaseBytes()) - bytesBefore;
    const assigneePull = await pullBytes(assignee.token);
    const adminPull = await pullBytes(admin.token);
    expect(grown).toBeLessThan(30_000);
    expect(bytesGrown).toBeLessThan(256 * 1024);
    expect(assigneePull).toBe(pullBefore);
    expect(adminPull).toBeLessThan(1_000);
  });
});
