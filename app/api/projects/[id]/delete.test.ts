import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/api';
import { createAdminWithToken } from '@/tests/helpers/factories';
import { MANAGERS_ONLY, NOT_FOUND, projectTeam, seen } from '@/tests/helpers/projects';
import { pull, pullAll, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { POST as archive } from './archive/route';
import { DELETE } from './route';

/**
 * DELETE /api/projects/{id} (docs/product.md#projects): only an archived project, only by a manager
 * typing its name; its tasks leave every device (a member's next pull names them in `gone`, an
 * admin's brings their tombstones), and its keys and people go with it.
 */

type Body = { deleted?: number; message?: string; code?: string };

function remove(token: string | undefined, id: string, body: unknown) {
  return call<Body>(DELETE, `/api/projects/${id}`, { token, method: 'DELETE', body, params: { id } });
}

describe('DELETE /api/projects/{id}', () => {
  beforeEach(async () => {
    await applyTestEnv({ TEAM_SYNC: 'on' });
  });

  it('deletes an archived project whose name its manager typed; its tasks leave every device', async () => {
    const { olive, max, cal, sam, ops } = await projectTeam();
    const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
    await push(olive.token, 'olive-pc', [
      upsertOp('o1', 't1', { title: 'One', projectId: ops.id }),
      upsertOp('o2', 't2', { title: 'Two', projectId: ops.id }),
      upsertOp('o3', 't-gen', { title: 'Stays' }),
    ]);
    const maxBefore = await pullAll(max.token);
    expect(maxBefore.changes.map((task) => task.uid).sort()).toEqual(['t1', 't2']);
    const adaBefore = await pullAll(ada.token);

    // Not archived yet, a name that is not its own, a member, a commenter, a stranger.
    expect(await remove(olive.token, ops.id, { name: 'Operations' })).toMatchObject({
      status: 409,
      body: { message: 'Archive the project before deleting it.', code: 'CONFLICT' },
    });
    const archived = await call(archive, `/api/projects/${ops.id}/archive`, {
      token: olive.token,
      method: 'POST',
      params: { id: ops.id },
    });
    expect(archived.status).toBe(200);
    expect(await remove(olive.token, ops.id, { name: 'operations' })).toMatchObject({
      status: 400,
      body: { message: 'Type the project’s name exactly to delete it.', code: 'VALIDATION_ERROR' },
    });
    expect(await remove(olive.token, ops.id, {})).toMatchObject({ status: 400 });
    for (const person of [max, cal]) {
      expect(await remove(person.token, ops.id, { name: 'Operations' })).toMatchObject({
        status: 403,
        body: MANAGERS_ONLY,
      });
    }
    expect(await remove(sam.token, ops.id, { name: 'Operations' })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await remove(ada.token, 'general', { name: 'General' })).toMatchObject({ status: 400 });

    const res = await remove(olive.token, ops.id, { name: ' Operations ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ deleted: 2, message: 'Project deleted.' });
    expect(await seen(olive.token, ops.id)).toBeUndefined();
    expect(await seen(ada.token, ops.id)).toBeUndefined();

    const maxAfter = await pull(max.token, maxBefore.cursor);
    expect(maxAfter.body.gone).toEqual(['t1', 't2']);
    const adaAfter = await pullAll(ada.token, 500, adaBefore.cursor);
    expect(adaAfter.changes.map((task) => [task.uid, task.deleted]).sort()).toEqual([
      ['t1', true],
      ['t2', true],
    ]);
    // The rest of the team's work is untouched.
    expect((await pullAll(olive.token)).changes.map((task) => task.uid)).toEqual(['t-gen']);
    // Deleted twice: there is no such project any more.
    expect(await remove(olive.token, ops.id, { name: 'Operations' })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
  });
});
