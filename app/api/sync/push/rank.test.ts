import { beforeAll, describe, expect, it } from 'vitest';
import { GET as conflictsRoute } from '@/app/api/sync/conflicts/route';
import { call } from '@/tests/helpers/api';
import { createUserWithToken } from '@/tests/helpers/factories';
import { pullAll, push, stamp, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

/**
 * A card's place in its column (`rank`, docs/product.md#board) is one more synced field: it goes
 * through push and pull like the others, merged field by field, and a push of the previous version's
 * shape (no `rank`) still syncs and leaves a rank it did not send alone.
 */

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

const TASK = {
  title: 'Write the plan',
  description: '',
  priority: 'Medium',
  deadline: '',
  progress: 0,
  assignedTo: 'Mira',
};

describe('rank through /api/sync/push and /api/sync/pull', () => {
  it('round-trips a title-only task with its rank', async () => {
    const { token } = await createUserWithToken();
    const res = await push(token, 'c1', [upsertOp('o1', 'r1', { ...TASK, rank: 'a0V' })]);
    expect(res.status).toBe(200);
    expect(res.body.acks).toEqual(['o1']);
    const { changes } = await pullAll(token);
    expect(changes.find((change) => change.uid === 'r1')?.data).toMatchObject({
      ...TASK,
      rank: 'a0V',
    });
  });

  it('takes a push of the previous version (no rank) and keeps the rank another device set', async () => {
    const { token } = await createUserWithToken();
    const t0 = Date.now();
    // The old tab creates the task (its shape: no rank field at all).
    expect((await push(token, 'old', [upsertOp('o1', 'r2', TASK, { hlc: stamp(t0, 'old') })])).status).toBe(
      200,
    );
    // This version places it; the old tab then edits the title, still without a rank.
    const placed = await push(token, 'new', [
      upsertOp('o2', 'r2', { rank: 'a1' }, { hlc: stamp(t0 + 1, 'new'), baseV: 1 }),
    ]);
    expect(placed.body.acks).toEqual(['o2']);
    const edited = await push(token, 'old', [
      upsertOp('o3', 'r2', { title: 'Write the plan today' }, { hlc: stamp(t0 + 2, 'old'), baseV: 2 }),
    ]);
    expect(edited.status).toBe(200);
    expect(edited.body.acks).toEqual(['o3']);
    const { changes } = await pullAll(token);
    expect(changes.find((change) => change.uid === 'r2')?.data).toMatchObject({
      title: 'Write the plan today',
      rank: 'a1',
    });
  });

  it('merges two people placing different cards (both keep their move) and the same card (the later wins, no conflict record)', async () => {
    const { token } = await createUserWithToken();
    const t0 = Date.now();
    const created = await push(token, 'a', [
      upsertOp('c1', 'x', { ...TASK, title: 'X', rank: 'a0' }, { hlc: stamp(t0, 'a') }),
      upsertOp('c2', 'y', { ...TASK, title: 'Y', rank: 'a1' }, { hlc: stamp(t0, 'a') }),
    ]);
    expect(created.body.acks).toEqual(['c1', 'c2']);
    // Both based on version 1: neither device had seen the other's move.
    await push(token, 'a', [upsertOp('m1', 'x', { rank: 'a2' }, { hlc: stamp(t0 + 5, 'a'), baseV: 1 })]);
    await push(token, 'b', [upsertOp('m2', 'y', { rank: 'Zz' }, { hlc: stamp(t0 + 4, 'b'), baseV: 1 })]);
    await push(token, 'b', [upsertOp('m3', 'x', { rank: 'a1V' }, { hlc: stamp(t0 + 3, 'b'), baseV: 1 })]);
    const { changes } = await pullAll(token);
    const rankOf = (uid: string) => changes.find((change) => change.uid === uid)?.data.rank;
    expect(rankOf('x')).toBe('a2');
    expect(rankOf('y')).toBe('Zz');
    const conflicts = await call<{ conflicts: unknown[] }>(
      conflictsRoute,
      '/api/sync/conflicts?uid=x&all=1',
      {
        token,
      },
    );
    expect(conflicts.status).toBe(200);
    expect(conflicts.body.conflicts).toEqual([]);
  });
});
