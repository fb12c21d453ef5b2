import { beforeAll, describe, expect, it } from 'vitest';
import { GET as conflictsRoute } from '@/app/api/sync/conflicts/route';
import type { ConflictsResponse, Json } from '@/features/sync/model/protocol';
import { makeNextOccurrence, nextOccurrenceUid } from '@/features/tasks/model/repeat-spawn';
import type { Task } from '@/features/tasks/model/task-types';
import { call } from '@/tests/helpers/api';
import { createUserWithToken } from '@/tests/helpers/factories';
import { lifeOp, pullAll, push, stamp, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

function conflicts(token: string, uid: string) {
  return call<ConflictsResponse>(conflictsRoute, `/api/sync/conflicts?uid=${encodeURIComponent(uid)}&all=1`, {
    token,
  });
}

/** The fields of a task as the replica sends them (no local id nor uid). */
function wireFields(task: Task): Record<string, Json> {
  const { id: _id, uid: _uid, ...fields } = task;
  return fields as Record<string, Json>;
}

describe('two devices completing one repeating task offline (docs/decisions/0025-repeating-tasks.md)', () => {
  it('the server keeps one next task and no replaced value, whatever each device’s own creation moment', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const uid = 'c0ffee00-0000-4000-8000-000000000001';
    const task: Task = {
      id: '1',
      uid,
      title: 'Standup notes',
      description: 'Every week',
      priority: 'Medium',
      deadline: '2099-01-01',
      progress: 40,
      assignedTo: 'Alice Adams',
      repeat: { every: 'week', interval: 1, from: 'deadline' },
    };
    const created = await push(alice.token, 'laptop', [upsertOp('l1', uid, wireFields(task))]);
    expect(created.status).toBe(200);

    const base = Date.now();
    const nextUid = nextOccurrenceUid(uid);
    for (const [device, offset] of [
      ['laptop', 1_000],
      ['phone', 9_000],
    ] as const) {
      const hlc = stamp(base + offset, device);
      const next = makeNextOccurrence(task, device, { nowMs: base + offset, todayKey: '2098-12-30' })!;
      expect(next.uid).toBe(nextUid);
      const res = await push(alice.token, device, [
        upsertOp(
          `${device}-done`,
          uid,
          { progress: 100, repeatedAs: nextUid, updatedAt: String(offset) },
          {
            hlc,
            baseV: 1,
          },
        ),
        upsertOp(`${device}-next`, nextUid, wireFields(next), { hlc }),
        lifeOp('restore', `${device}-exists`, nextUid, { hlc }),
      ]);
      expect(res.status).toBe(200);
      expect(res.body.rejected).toEqual([]);
    }

    const live = (await pullAll(alice.token)).changes.filter((row) => !row.deleted);
    expect(live.map((row) => [row.uid, row.data.deadline, row.data.progress])).toEqual(
      expect.arrayContaining([
        [uid, '2099-01-01', 100],
        [nextUid, '2099-01-08', 0],
      ]),
    );
    expect(live).toHaveLength(2);
    // The later device's creation moment is kept; nothing is offered as a replaced value.
    expect(live.find((row) => row.uid === nextUid)!.data.createdAt).toBe(
      new Date(base + 9_000).toISOString(),
    );
    for (const taskUid of [uid, nextUid]) {
      const res = await conflicts(alice.token, taskUid);
      expect(res.status).toBe(200);
      expect(res.body.conflicts).toEqual([]);
    }
  });
});
