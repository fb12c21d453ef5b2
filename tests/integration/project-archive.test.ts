import { beforeEach, describe, expect, it } from 'vitest';
import { POST as archive, DELETE as restore } from '@/app/api/projects/[id]/archive/route';
import { GET as summary } from '@/app/api/sync/summary/route';
import {
  DELETE as deleteComment,
  PATCH as editComment,
  PUT as putComment,
} from '@/app/api/sync/comments/[id]/route';
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

  it('takes no comment, edit or deletion of a comment on its tasks until it is restored', async () => {
    const { olive, max, ops } = await projectTeam();
    await push(olive.token, 'olive-pc', [upsertOp('o1', 't-ops', { title: 'In OPS', projectId: ops.id })]);
    const id = '7b1f3f4e-1111-4a2b-9c3d-0123456789ab';
    const path = `/api/sync/comments/${id}`;
    const first = await call(putComment, path, {
      token: max.token,
      method: 'PUT',
      body: { task: 't-ops', body: 'Before the archive' },
      params: { id },
    });
    expect(first.status, first.text).toBe(201);
    const toggle = (method: 'POST' | 'DELETE') =>
      call(method === 'POST' ? archive : restore, `/api/projects/${ops.id}/archive`, {
        token: olive.token,
        method,
        params: { id: ops.id },
      });
    expect((await toggle('POST')).status).toBe(200);

    const archived = { message: 'This project is archived: its tasks cannot be changed.', code: 'CONFLICT' };
    const other = '7b1f3f4e-2222-4a2b-9c3d-0123456789ab';
    const attempts = [
      await call(putComment, `/api/sync/comments/${other}`, {
        token: max.token,
        method: 'PUT',
        body: { task: 't-ops', body: 'After' },
        params: { id: other },
      }),
      await call(editComment, path, {
        token: max.token,
        method: 'PATCH',
        body: { body: 'Edited' },
        params: { id },
      }),
      await call(deleteComment, path, { token: max.token, method: 'DELETE', params: { id } }),
    ];
    for (const res of attempts)
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: archived });

    expect((await toggle('DELETE')).status).toBe(200);
    const edited = await call(editComment, path, {
      token: max.token,
      method: 'PATCH',
      body: { body: 'Edited after the restore' },
      params: { id },
    });
    expect(edited.status, edited.text).toBe(200);
  });
});
