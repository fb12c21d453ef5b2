import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken } from '@/tests/helpers/factories';
import { projectTeam } from '@/tests/helpers/projects';
import { assignTo, lifeOp, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

/**
 * GET /api/task-keys/{key} (docs/decisions/0049-projects.md): a task key (`OPS-1`, any case) names
 * its task for anyone who may see it, before and after a move; everyone else gets the same 404.
 */

const NO_SUCH_TASK = { message: 'No such task.', code: 'NOT_FOUND' };

function resolve(token: string | undefined, key: string) {
  return call<Record<string, unknown>>(GET, `/api/task-keys/${key}`, { token, params: { key } });
}

describe('GET /api/task-keys/{key}', () => {
  beforeEach(async () => {
    await applyTestEnv({ TEAM_SYNC: 'on' });
  });

  it('resolves a key for whoever may see the task, and answers one 404 to everyone else', async () => {
    const { olive, max, cal, sam, ops } = await projectTeam();
    const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
    await push(olive.token, 'olive-pc', [
      upsertOp('o1', 't-ops', { title: 'In OPS', projectId: ops.id }),
      upsertOp('o2', 't-gen', { title: 'In General', ...assignTo(max.user) }),
    ]);
    for (const person of [olive, max, cal, ada]) {
      const res = await resolve(person.token, 'OPS-1');
      expect(res.status, person.user.fullName).toBe(200);
      expect(res.body).toEqual({ uid: 't-ops', projectId: ops.id, projectKey: 'OPS', key: 'OPS-1' });
    }
    expect((await resolve(max.token, 'ops-1')).body).toMatchObject({ uid: 't-ops' });
    // Sam has no role in OPS: the same answer as for a key nobody has.
    for (const key of ['OPS-1', 'OPS-2', 'NOPE-1', 'OPS-0', 'not a key']) {
      const res = await resolve(sam.token, key);
      expect(res.status, key).toBe(404);
      expect(res.body, key).toEqual(NO_SUCH_TASK);
    }
    // General is assigned-only: Max sees the task assigned to him, Cal does not.
    expect((await resolve(max.token, 'GEN-1')).body).toMatchObject({ uid: 't-gen', key: 'GEN-1' });
    expect((await resolve(cal.token, 'GEN-1')).status).toBe(404);
    expect((await resolve(undefined, 'GEN-1')).status).toBe(401);
  });

  it('still resolves the old key after a move, to the task’s key now; a deleted task is not found', async () => {
    const { olive, max, ops } = await projectTeam();
    await push(olive.token, 'olive-pc', [upsertOp('o1', 't1', { title: 'Moves' })]);
    const moved = await push(olive.token, 'olive-pc', [
      upsertOp('o2', 't1', { projectId: ops.id }, { baseV: 1 }),
    ]);
    expect(moved.body.acks).toEqual(['o2']);
    for (const key of ['GEN-1', 'OPS-1']) {
      expect((await resolve(max.token, key)).body, key).toEqual({
        uid: 't1',
        projectId: ops.id,
        projectKey: 'OPS',
        key: 'OPS-1',
      });
    }
    const deleted = await push(olive.token, 'olive-pc', [
      lifeOp('delete', 'o3', 't1', { baseV: moved.body.seq }),
    ]);
    expect(deleted.body.acks).toEqual(['o3']);
    for (const key of ['GEN-1', 'OPS-1']) {
      expect(await resolve(max.token, key), key).toMatchObject({ status: 404, body: NO_SUCH_TASK });
    }
  });

  it('is a team sync endpoint, read-only', async () => {
    const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
    await expectMethodNotAllowed({ POST, PUT, PATCH, DELETE }, '/api/task-keys/GEN-1', 'GET', {
      token: ada.token,
      params: { key: 'GEN-1' },
    });
    await expectSyncDisabled(async () => [await resolve(ada.token, 'GEN-1')]);
  });
});
