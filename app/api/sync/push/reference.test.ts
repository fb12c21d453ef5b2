import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Json, type PulledTask, START_CURSOR, SYNC_LIMITS, type SyncOp } from '@/lib/sync/protocol';
import { MemoryServer } from '@/lib/sync/testing/memory-server';
import { createAdminWithToken } from '@/tests/helpers/factories';
import { clearSyncTables, lifeOp, pullAll, push, stamp, syncRows, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

/**
 * The browser engine's properties (lib/sync/replica.property.test.ts) run against the in-memory
 * server; this checks that the real server answers the same pushes with the same acks and sequence
 * numbers, and ends with the same rows and conflict records.
 */

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

const TASKS = ['t0', 't1', 't2'] as const;
const CLIENTS = 3;

interface OpSpec {
  kind: 'upsert' | 'delete' | 'restore';
  task: number;
  field: 'title' | 'status';
  value: 'a' | 'b';
  /** Milliseconds after the run's base time: small, so that stamps often tie or cross. */
  wall: number;
  baseV: number;
}

type Step = { type: 'push'; client: number; ops: OpSpec[] } | { type: 'replay'; index: number };

const opSpec: fc.Arbitrary<OpSpec> = fc.record({
  kind: fc.constantFrom('upsert' as const, 'upsert' as const, 'delete' as const, 'restore' as const),
  task: fc.integer({ min: 0, max: TASKS.length - 1 }),
  field: fc.constantFrom('title' as const, 'status' as const),
  value: fc.constantFrom('a' as const, 'b' as const),
  wall: fc.integer({ min: 0, max: 4 }),
  baseV: fc.integer({ min: 0, max: 3 }),
});

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('push' as const),
      client: fc.integer({ min: 0, max: CLIENTS - 1 }),
      ops: fc.array(opSpec, { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('replay' as const), index: fc.nat() }) },
);

function comparable(changes: PulledTask[]): [string, number, boolean, Record<string, Json>][] {
  return changes.map((change) => [change.uid, change.v, change.deleted, change.data]);
}

describe('the real server and the in-memory reference server', () => {
  it('refuse a refused operation again when it is pushed again', async () => {
    const admin = await createAdminWithToken();
    await clearSyncTables();
    const memory = new MemoryServer();
    const big = 'x'.repeat(SYNC_LIMITS.maxValueChars - 2);
    const request = {
      clientId: 'c1',
      ops: [upsertOp('big', 't1', { title: big, description: big }), upsertOp('small', 't2', { title: 'S' })],
    };
    for (let round = 0; round < 2; round++) {
      const expected = memory.push(admin.user.id, request, Date.now());
      const res = await push(admin.token, request.clientId, request.ops);
      expect(
        { acks: res.body.acks, rejected: res.body.rejected, seq: res.body.seq },
        `round ${round}`,
      ).toEqual({
        acks: expected.acks,
        rejected: expected.rejected,
        seq: expected.seq,
      });
    }
  });

  it('give the same acks and sequence numbers, and end with the same rows and conflict records', async () => {
    const admin = await createAdminWithToken();
    let opCount = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        await clearSyncTables();
        const memory = new MemoryServer();
        // In the past, so that the real server re-stamps nothing.
        const base = Date.now() - 2 * SYNC_LIMITS.maxClockDriftMs;
        const sent: { clientId: string; ops: SyncOp[] }[] = [];
        for (const s of steps) {
          let request: { clientId: string; ops: SyncOp[] };
          if (s.type === 'replay') {
            const earlier = sent[s.index % Math.max(sent.length, 1)];
            if (!earlier) continue;
            request = earlier;
          } else {
            const clientId = `client${s.client}`;
            const ops = s.ops.map((spec) => {
              opCount += 1;
              const uid = TASKS[spec.task]!;
              const options = { hlc: stamp(base + spec.wall, clientId), baseV: spec.baseV };
              return spec.kind === 'upsert'
                ? upsertOp(`op${opCount}`, uid, { [spec.field]: spec.value }, options)
                : lifeOp(spec.kind, `op${opCount}`, uid, options);
            });
            request = { clientId, ops };
            sent.push(request);
          }
          const expected = memory.push(admin.user.id, request, Date.now());
          const res = await push(admin.token, request.clientId, request.ops);
          expect(res.status).toBe(200);
          expect({ acks: res.body.acks, rejected: res.body.rejected, seq: res.body.seq }).toEqual({
            acks: expected.acks,
            rejected: expected.rejected,
            seq: expected.seq,
          });
        }
        const real = await pullAll(admin.token);
        expect(comparable(real.changes)).toEqual(
          comparable(memory.pull(admin.user.id, START_CURSOR, SYNC_LIMITS.maxPullLimit).changes),
        );
        const conflicts = (await syncRows()).conflicts.map((row) =>
          [row.taskUid, row.field, row.value, row.hlc, row.reason].join(' '),
        );
        expect(conflicts.sort()).toEqual(
          memory.conflicts
            .map((record) =>
              [record.uid, record.field, JSON.stringify(record.value), record.hlc, record.reason].join(' '),
            )
            .sort(),
        );
      }),
      { numRuns: 20 },
    );
  });
});
