import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { canSeeTask } from '@/features/sync/model/access';
import { taskValues, type SyncedTask } from '@/features/sync/model/merge';
import { type Json, type PullResponse, START_CURSOR } from '@/features/sync/model/protocol';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import {
  assignTo,
  clearSyncTables,
  lifeOp,
  pull,
  push,
  stamp,
  syncRows,
  upsertOp,
} from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { loadProjectRoles } from '@/features/projects/server/roles';

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

const NAMES = ['Alice Adams', 'Bob Brown', 'Ada Admin'] as const;
const TASKS = ['t0', 't1', 't2'] as const;

type Step =
  | { type: 'edit'; user: number; task: number; title: string }
  | { type: 'assign'; user: number; task: number; to: number | null }
  | { type: 'delete' | 'restore'; user: number; task: number }
  | { type: 'pull'; user: number; limit: number };

const user = fc.integer({ min: 0, max: 2 });
const task = fc.integer({ min: 0, max: TASKS.length - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('edit' as const),
      user,
      task,
      title: fc.constantFrom('a', 'b'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('assign' as const),
      user,
      task,
      to: fc.option(user, { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constantFrom('delete' as const, 'restore' as const), user, task }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('pull' as const), user, limit: fc.integer({ min: 1, max: 3 }) }),
  },
);

/** What one browser holds: the server's tasks it was given, minus deleted and gone ones. */
interface Replica {
  cursor: string;
  tasks: Map<string, Record<string, Json>>;
}

function applyPage(replica: Replica, page: PullResponse): void {
  expect(page.reset).toBe(false);
  for (const change of page.changes) {
    if (change.deleted) replica.tasks.delete(change.uid);
    else replica.tasks.set(change.uid, change.data);
  }
  for (const uid of page.gone) replica.tasks.delete(uid);
  replica.cursor = page.cursor;
}

describe('pulls interleaved with pushes', () => {
  it('leave every browser holding exactly the live tasks its user may see, as the server has them', async () => {
    const accounts = [
      await createUserWithToken({ fullName: NAMES[0] }),
      await createUserWithToken({ fullName: NAMES[1] }),
      await createAdminWithToken({ fullName: NAMES[2] }),
    ];
    let clock = Date.now();
    let opCount = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 12, maxLength: 30 }), async (steps) => {
        await clearSyncTables();
        const replicas: Replica[] = accounts.map(() => ({ cursor: START_CURSOR, tasks: new Map() }));
        for (const s of steps) {
          const account = accounts[s.user]!;
          if (s.type === 'pull') {
            const res = await pull(account.token, replicas[s.user]!.cursor, s.limit);
            expect(res.status).toBe(200);
            applyPage(replicas[s.user]!, res.body);
            continue;
          }
          clock += 1;
          opCount += 1;
          const options = { hlc: stamp(clock, `u${s.user}`) };
          const uid = TASKS[s.task]!;
          const op =
            s.type === 'edit'
              ? upsertOp(`op${opCount}`, uid, { title: s.title }, options)
              : s.type === 'assign'
                ? upsertOp(
                    `op${opCount}`,
                    uid,
                    s.to === null ? { assignedTo: '', assigneeId: '' } : assignTo(accounts[s.to]!.user),
                    options,
                  )
                : lifeOp(s.type, `op${opCount}`, uid, options);
          const res = await push(account.token, `client${s.user}`, [op]);
          expect(res.status).toBe(200);
        }
        const { tasks } = await syncRows();
        for (const [index, account] of accounts.entries()) {
          const replica = replicas[index]!;
          for (;;) {
            const res = await pull(account.token, replica.cursor, 2);
            applyPage(replica, res.body);
            if (!res.body.more) break;
          }
          const actor = { id: account.user.id, role: account.user.role };
          const roles = await loadProjectRoles(actor);
          const expected = tasks
            .filter((row) => !row.deleted && canSeeTask(actor, row, roles))
            .map((row) => {
              const fields = JSON.parse(row.fields) as SyncedTask['fields'];
              return [row.uid, taskValues({ uid: row.uid, fields, life: null, version: row.version })];
            });
          expect(Object.fromEntries(replica.tasks), NAMES[index]).toEqual(Object.fromEntries(expected));
        }
      }),
      { numRuns: 15 },
    );
  });
});
