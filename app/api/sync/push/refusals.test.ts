import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@/server/db';
import { MAX_OPEN_CONFLICTS_PER_TASK } from '@/features/sync/server/push-limits';
import { legacyNextOccurrenceUid, nextOccurrenceUid } from '@/features/tasks/model/repeat-spawn';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { lifeOp, pullAll, push, stamp, syncRows, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

/**
 * Issue 34 §3, the attack review's findings on the push (docs/decisions/0043-checked-values-and-next-occurrences.md):
 * values are checked by their field, refused writes of people who cannot see a task leave no trace,
 * and a repeating task's next occurrences cannot be made (and owned) by others.
 */

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

async function storedTask(uid: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.syncTasks).where(eq(tables.syncTasks.uid, uid));
  return row;
}

/** A shared task: Olive owns it, Mo is its assignee (bound by id). */
async function sharedTask(title: string, extra: Record<string, string | number | object> = {}) {
  const olive = await createUserWithToken({ fullName: `Olive ${randomUUID().slice(0, 8)}` });
  const mo = await createUserWithToken({ fullName: `Mo ${randomUUID().slice(0, 8)}` });
  const uid = randomUUID();
  const created = await push(olive.token, 'olive-pc', [
    upsertOp('o1', uid, {
      title,
      priority: 'High',
      progress: 10,
      assignedTo: mo.user.fullName,
      assigneeId: mo.user.id,
      ...extra,
    }),
  ]);
  expect(created.body.rejected).toEqual([]);
  return { olive, mo, uid };
}

describe('values are checked by their field', () => {
  it('refuses a priority outside the spec’s values with a reason the browser shows, and stores nothing of it', async () => {
    const { olive, mo, uid } = await sharedTask('Pay the invoices');
    const before = await syncRows();
    const res = await push(mo.token, 'mo-phone', [
      upsertOp('m1', uid, { priority: '<b>high</b>', progress: 50 }, { baseV: before.state[0]!.lastSeq }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.acks).toEqual([]);
    expect(res.body.rejected).toEqual([
      {
        opId: 'm1',
        reason: 'invalid',
        message: 'Priority must be High, Medium or Low. The change stays in this browser.',
      },
    ]);
    // Not stored as sent: the owner and the assignee still read the task as it was.
    for (const token of [olive.token, mo.token]) {
      const row = (await pullAll(token)).changes.find((task) => task.uid === uid)!;
      expect(row.data).toMatchObject({ title: 'Pay the invoices', priority: 'High', progress: 10 });
    }
    const after = await syncRows();
    expect(JSON.stringify(after)).not.toContain('<b>high</b>');
    expect(after.conflicts).toHaveLength(before.conflicts.length);
  });

  it('refuses each known field’s value of another kind, and takes the values older versions wrote', async () => {
    const { mo, uid } = await sharedTask('Water the plants');
    const refused: [string, unknown, string][] = [
      ['title', 42, 'Title must be text.'],
      ['title', null, 'Title must be text.'],
      ['progress', 101, 'Progress must be a whole number from 0 to 100.'],
      ['progress', '1e2', 'Progress must be a whole number from 0 to 100.'],
      ['deadline', { at: 'noon' }, 'Deadline must be text (yyyy-mm-dd).'],
      ['status', ['Completed'], 'Status must be text.'],
      ['labels', 'urgent', 'Labels must be a list of label ids.'],
      [
        'repeat',
        { every: 'fortnight', interval: 1, from: 'deadline' },
        'Repeat must be a rule this version knows.',
      ],
      ['ck_a1', { text: 'x' }, 'A checklist item must be { text, done, pos }.'],
    ];
    for (const [index, [field, value, rule]] of refused.entries()) {
      const res = await push(mo.token, 'mo-phone', [
        upsertOp(`bad${index}`, uid, { [field]: value as never }, { baseV: 1 }),
      ]);
      expect(res.body.rejected).toEqual([
        { opId: `bad${index}`, reason: 'invalid', message: `${rule} The change stays in this browser.` },
      ]);
    }
    const taken = await push(mo.token, 'mo-phone', [
      upsertOp(
        'fine',
        uid,
        { progress: '50', priority: null, column: 'Someday', rank: 7, newerField: 'kept' },
        { baseV: 1 },
      ),
    ]);
    expect(taken.body).toMatchObject({ acks: ['fine'], rejected: [] });
  });
});

describe('refused writes leave no trace', () => {
  it('a write by someone who cannot see the task evicts none of the owner’s open records and adds no op-log row', async () => {
    const { olive, uid } = await sharedTask('Quarterly report');
    const stranger = await createUserWithToken();
    // The owner's task holds as many open records as it may keep.
    const { db, tables } = await getDatabase();
    const records = Array.from({ length: MAX_OPEN_CONFLICTS_PER_TASK }, (_, index) => ({
      id: randomUUID(),
      seq: 1,
      taskUid: uid,
      field: 'description',
      value: JSON.stringify(`draft ${index}`),
      hlc: stamp(Date.now() - 60_000, 'olive-pc', index),
      winningHlc: stamp(),
      reason: 'concurrent' as const,
      userId: olive.user.id,
      authorId: olive.user.id,
      createdAt: new Date(),
      resolvedAt: null,
      resolvedBy: null,
    }));
    for (let start = 0; start < records.length; start += 50) {
      await db.insert(tables.syncConflicts).values(records.slice(start, start + 50));
    }
    const before = await syncRows();
    const taskBefore = await storedTask(uid);

    const ops = [
      upsertOp('s1', uid, { title: 'Mine now' }, { baseV: 1 }),
      upsertOp('s2', uid, { description: 'x' }, { baseV: 1 }),
      { kind: 'delete', opId: 's3', uid, baseV: 1, hlc: stamp() },
    ];
    const res = await push(stranger.token, 'stranger', ops);
    expect(res.status).toBe(200);
    expect(res.body.rejected.map((refusal) => [refusal.opId, refusal.reason, refusal.message])).toEqual(
      ['s1', 's2', 's3'].map((opId) => [
        opId,
        'forbidden',
        'You can only change tasks you own or are assigned to.',
      ]),
    );

    const after = await syncRows();
    expect(after.conflicts.map((row) => row.id).sort()).toEqual(before.conflicts.map((row) => row.id).sort());
    expect(after.changes).toHaveLength(before.changes.length);
    expect(after.revocations).toHaveLength(before.revocations.length);
    expect(await storedTask(uid)).toEqual(taskBefore);
    // The owner's pull brings nothing new.
    const cursor = (await pullAll(olive.token)).cursor;
    expect(cursor.startsWith(`${before.state[0]!.lastSeq}:`)).toBe(true);
  });
});

describe('next occurrences cannot be made by others', () => {
  async function repeatingTask() {
    return sharedTask('Weekly standup', { repeat: { every: 'week', interval: 1, from: 'deadline' } });
  }

  /** What a browser sends when it completes the task: the completion, then the new task (a restore first). */
  function spawnOps(
    uid: string,
    nextUid: string,
    prefix: string,
    assignee: { id: string; fullName: string },
  ) {
    return [
      upsertOp(`${prefix}-done`, uid, { progress: 100, repeatedAs: nextUid }, { baseV: 1 }),
      lifeOp('restore', `${prefix}-exists`, nextUid),
      upsertOp(`${prefix}-next`, nextUid, {
        title: 'Weekly standup',
        priority: 'High',
        progress: 0,
        assignedTo: assignee.fullName,
        assigneeId: assignee.id,
        repeat: { every: 'week', interval: 1, from: 'deadline' },
      }),
    ];
  }

  it('refuses a future occurrence made by someone who knew the series’ uid, leaving no trace', async () => {
    const { uid } = await repeatingTask();
    const mallory = await createUserWithToken();
    const next = nextOccurrenceUid(uid);
    const before = await syncRows();
    const res = await push(mallory.token, 'mallory', [
      upsertOp('x1', next, { title: 'Weekly standup' }),
      upsertOp('x2', nextOccurrenceUid(next), { title: 'Weekly standup' }),
      { kind: 'delete', opId: 'x3', uid: nextOccurrenceUid(nextOccurrenceUid(next)), baseV: 0, hlc: stamp() },
    ]);
    expect(res.status).toBe(200);
    const message =
      'Only someone who may see a repeating task can make its next occurrence, together with completing it.';
    expect(res.body.rejected).toEqual(
      ['x1', 'x2', 'x3'].map((opId) => ({ opId, reason: 'forbidden', message })),
    );
    expect(await storedTask(next)).toBeUndefined();
    const after = await syncRows();
    expect(after.changes).toHaveLength(before.changes.length);
    expect(after.tasks).toHaveLength(before.tasks.length);
  });

  it('the assignee completing the series makes the next occurrence, owned by the series’ owner', async () => {
    const { olive, mo, uid } = await repeatingTask();
    const next = nextOccurrenceUid(uid);
    const res = await push(mo.token, 'mo-phone', spawnOps(uid, next, 'mo', mo.user));
    expect(res.body).toMatchObject({ rejected: [], acks: ['mo-done', 'mo-exists', 'mo-next'] });
    expect(await storedTask(next)).toMatchObject({ ownerId: olive.user.id, assigneeId: mo.user.id });
    for (const token of [olive.token, mo.token]) {
      const row = (await pullAll(token)).changes.find((task) => task.uid === next);
      expect(row?.data).toMatchObject({ title: 'Weekly standup', progress: 0 });
    }
  });

  it('an admin may make it too, with or without the series in the push', async () => {
    const { olive, mo, uid } = await repeatingTask();
    const admin = await createAdminWithToken();
    const next = nextOccurrenceUid(uid);
    expect((await push(admin.token, 'admin-pc', spawnOps(uid, next, 'ad', mo.user))).body.rejected).toEqual(
      [],
    );
    expect((await storedTask(next))?.ownerId).toBe(olive.user.id);
    const later = nextOccurrenceUid(next);
    expect(
      (await push(admin.token, 'admin-pc', [upsertOp('ad-alone', later, { title: 'x' })])).body.rejected,
    ).toEqual([]);
  });

  it('an open tab of the previous version completing the task and sending its next occurrence in the same push still syncs (the old shape)', async () => {
    const { olive, mo, uid } = await repeatingTask();
    // The previous version derived the uid without the version-8 form, and sent exactly this.
    const next = legacyNextOccurrenceUid(uid);
    const res = await push(mo.token, 'old-tab', spawnOps(uid, next, 'old', mo.user));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rejected: [], acks: ['old-done', 'old-exists', 'old-next'] });
    expect(await storedTask(next)).toMatchObject({ ownerId: olive.user.id, assigneeId: mo.user.id });
    const rows = (await pullAll(olive.token)).changes;
    expect(rows.find((task) => task.uid === uid)?.data).toMatchObject({ progress: 100, repeatedAs: next });
    expect(rows.find((task) => task.uid === next)?.data).toMatchObject({ title: 'Weekly standup' });
  });
});
