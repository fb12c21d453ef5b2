import { beforeEach, describe, expect, it } from 'vitest';
import { POST as archive, DELETE as restore } from '@/app/api/projects/[id]/archive/route';
import { GET as summary } from '@/app/api/sync/summary/route';
import { listVisibleTaskValues } from '@/features/sync/server/store/visibility';
import { call } from '@/tests/helpers/api';
import { createAdminWithToken } from '@/tests/helpers/factories';
import { projectTeam } from '@/tests/helpers/projects';
import { pullAll, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

/**
 * An archived project leaves the overviews (docs/product.md#projects): the dashboard's counts and
 * the morning reminder's tasks skip its tasks, which are still pulled (read-only) and come back
 * whole when it is restored.
 */

type Summary = { total: number; pendingTotal: number };

async function figures(token: string) {
  const res = await call<Summary>(summary, '/api/sync/summary', { token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('an archived project', () => {
  beforeEach(async () => {
    await applyTestEnv({ TEAM_SYNC: 'on' });
  });

  it('leaves the counts and the reminders, stays pulled, and comes back when restored', async () => {
    const { olive, max, ops } = await projectTeam();
    const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
    await push(olive.token, 'olive-pc', [
      upsertOp('o1', 't-ops', { title: 'In OPS', projectId: ops.id, progress: 0, deadline: '2026-12-01' }),
      upsertOp('o2', 't-gen', { title: 'In General', progress: 0, deadline: '2026-12-01' }),
    ]);
    expect((await figures(ada.token)).total).toBe(2);
    expect((await figures(max.token)).total).toBe(1);
    const titles = async (person: { user: { id: string; role?: string } }) =>
      (await listVisibleTaskValues({ id: person.user.id, role: 'user' })).map((task) => task.title).sort();
    expect(await titles(olive)).toEqual(['In General', 'In OPS']);

    const archived = await call(archive, `/api/projects/${ops.id}/archive`, {
      token: olive.token,
      method: 'POST',
      params: { id: ops.id },
    });
    expect(archived.status, archived.text).toBe(200);
    expect(await figures(ada.token)).toMatchObject({ total: 1, pendingTotal: 1 });
    expect((await figures(max.token)).total).toBe(0);
    expect(await titles(olive)).toEqual(['In General']);
    expect((await pullAll(max.token)).changes.map((task) => task.uid)).toEqual(['t-ops']);

    const restored = await call(restore, `/api/projects/${ops.id}/archive`, {
      token: olive.token,
      method: 'DELETE',
      params: { id: ops.id },
    });
    expect(restored.status, restored.text).toBe(200);
    expect((await figures(ada.token)).total).toBe(2);
    expect(await titles(olive)).toEqual(['In General', 'In OPS']);
  });
});
