import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { pull, pullAll, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { GET, PATCH, POST, PUT } from './route';
import {
  DEFAULT_COLUMNS,
  MANAGERS_ONLY,
  NOT_FOUND,
  createProjectAs,
  projectTeam,
  seen,
  setRole,
  type ProjectBody,
} from '@/tests/helpers/projects';

/**
 * PATCH /api/projects/{id} (docs/decisions/0049-projects.md): a project's managers (and admins)
 * change its settings; anyone else with a role is refused, and whoever has none is told the project
 * does not exist, as they are for an id that names none.
 */

type Body = { project?: ProjectBody; projects?: ProjectBody[]; message?: string; code?: string };

function patch(token: string | undefined, id: string, body: unknown) {
  return call<Body>(PATCH, `/api/projects/${id}`, { token, method: 'PATCH', body, params: { id } });
}

beforeEach(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

describe('PATCH /api/projects/{id}: who may call it', () => {
  it('answers 404 SYNC_DISABLED with TEAM_SYNC=off, whatever the token', async () => {
    await expectSyncDisabled(async () => {
      const { token } = await createAdminWithToken();
      return [await patch(undefined, 'general', { name: 'X' }), await patch(token, 'general', { name: 'X' })];
    });
  });

  it('answers 401 without a valid token, 405 for other methods', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await patch(token, 'general', { name: 'Everything' });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    const { token } = await createAdminWithToken();
    await expectMethodNotAllowed({ GET, POST, PUT }, '/api/projects/general', 'PATCH, DELETE', {
      token,
      params: { id: 'general' },
    });
    expect((await seen(token, 'general'))!.name).toBe('General');
  });
});

describe('PATCH /api/projects/{id}', () => {
  it('saves a manager’s change of name, colour, description and team role', async () => {
    const { olive, ops } = await projectTeam();
    const res = await patch(olive.token, ops.id, {
      name: '  Ops and Infra  ',
      color: 'purple',
      description: '  Servers  ',
      teamRole: 'commenter',
    });
    expect(res.status).toBe(200);
    const expected = {
      id: ops.id,
      key: 'OPS',
      name: 'Ops and Infra',
      color: 'purple',
      description: 'Servers',
      teamRole: 'commenter',
      role: 'manager',
      archived: false,
      columns: DEFAULT_COLUMNS,
    };
    expect(res.body).toEqual({ project: expected, message: 'Project saved.' });
    expect(await seen(olive.token, ops.id)).toEqual(expected);

    // One field at a time leaves the others; a null team role un-shares it.
    const renamed = await patch(olive.token, ops.id, { name: 'Operations' });
    expect(renamed.body.project).toEqual({ ...expected, name: 'Operations' });
    const unshared = await patch(olive.token, ops.id, { teamRole: null, description: '' });
    expect(unshared.body.project).toEqual({
      ...expected,
      name: 'Operations',
      description: '',
      teamRole: null,
    });
  });

  it('keeps the key: a key in the patch is not a setting', async () => {
    const { olive, ops } = await projectTeam();
    const res = await patch(olive.token, ops.id, { name: 'Operations 2', key: 'NEW' });
    expect(res.status).toBe(200);
    expect(res.body.project).toMatchObject({ key: 'OPS', name: 'Operations 2' });
    const keyOnly = await patch(olive.token, ops.id, { key: 'NEW' });
    expect(keyOnly.status).toBe(400);
    expect((await seen(olive.token, ops.id))!.key).toBe('OPS');
  });

  it('answers 403 to a member, a commenter and an assigned-only person, changing nothing', async () => {
    const { olive, max, cal, ops } = await projectTeam();
    const ann = await createUserWithToken({ fullName: 'Ann Assigned' });
    await setRole(olive.token, ops.id, ann.user.id, 'assigned');
    for (const person of [max, cal, ann]) {
      const res = await patch(person.token, ops.id, { name: 'Taken over', teamRole: 'manager' });
      expect(res.status, person.user.fullName).toBe(403);
      expect(res.body, person.user.fullName).toEqual(MANAGERS_ONLY);
    }
    // Everyone in the team is assigned only in General: none of them may change it either.
    const general = await patch(max.token, 'general', { name: 'Mine' });
    expect(general.status).toBe(403);
    expect(general.body).toEqual(MANAGERS_ONLY);
    expect(await seen(olive.token, ops.id)).toMatchObject({ name: 'Operations', teamRole: null });
    expect((await seen(olive.token, 'general'))!.name).toBe('General');
  });

  it('answers the same 404 to someone with no role and for an id that names no project', async () => {
    const { olive, sam, ops } = await projectTeam();
    const hidden = await patch(sam.token, ops.id, { name: 'Found it' });
    const missing = await patch(sam.token, 'no-such-project', { name: 'Found it' });
    const missingForManager = await patch(olive.token, 'no-such-project', { name: 'Found it' });
    for (const res of [hidden, missing, missingForManager]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(hidden.text).toBe(missing.text);
    expect((await seen(olive.token, ops.id))!.name).toBe('Operations');
  });

  it('lets an admin change any project, General included, and answers them as its manager', async () => {
    const { olive, ops } = await projectTeam();
    const admin = await createAdminWithToken();
    const res = await patch(admin.token, ops.id, { color: 'red', teamRole: 'member' });
    expect(res.status).toBe(200);
    expect(res.body.project).toMatchObject({ id: ops.id, color: 'red', teamRole: 'member', role: 'manager' });
    expect(await seen(olive.token, ops.id)).toMatchObject({ color: 'red', teamRole: 'member' });

    const general = await patch(admin.token, 'general', { teamRole: 'commenter' });
    expect(general.status).toBe(200);
    expect(general.body.project).toMatchObject({ id: 'general', key: 'GEN', teamRole: 'commenter' });
    const { token } = await createUserWithToken();
    expect(await seen(token, 'general')).toMatchObject({ teamRole: 'commenter', role: 'commenter' });
  });

  it('answers 400 to an empty patch and to bad values, changing nothing', async () => {
    const { olive, ops } = await projectTeam();
    const cases: [unknown, string][] = [
      [{}, 'Send at least one of name, color, description and teamRole.'],
      [{ name: '' }, 'Name is required.'],
      [{ name: 'x'.repeat(61) }, 'Name must be at most 60 characters.'],
      [{ color: 'pink' }, 'Colour must be one of Red, Orange, Yellow, Green, Teal, Blue, Purple or Grey.'],
      [{ teamRole: 'owner' }, 'Role must be one of Manager, Member, Commenter or Assigned only.'],
      [{ description: 'x'.repeat(501) }, 'Description must be at most 500 characters.'],
    ];
    for (const [body, message] of cases) {
      const res = await patch(olive.token, ops.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    }
    const noBody = await call<Body>(PATCH, `/api/projects/${ops.id}`, {
      token: olive.token,
      method: 'PATCH',
      params: { id: ops.id },
    });
    expect(noBody.status).toBe(400);
    expect(noBody.body.code).toBe('INVALID_JSON');
    expect(await seen(olive.token, ops.id)).toEqual(ops);
  });

  it('takes the project’s tasks from the team when its team role narrows, and only then', async () => {
    const olive = await createUserWithToken({ fullName: 'Olive Owner' });
    const tess = await createUserWithToken({ fullName: 'Tess Team' });
    const ops = await createProjectAs(olive.token, { key: 'OPS', teamRole: 'assigned' });
    const pushed = await push(olive.token, 'olive-pc', [
      upsertOp('o1', 't1', { title: 'Renew the certificate', projectId: ops.id }),
    ]);
    expect(pushed.body.acks, pushed.text).toEqual(['o1']);
    // Assigned only: Tess sees nothing of OPS; widened to commenter, a pull from the start shows it.
    expect((await pullAll(tess.token)).changes).toEqual([]);
    const widened = await patch(olive.token, ops.id, { teamRole: 'commenter' });
    expect(widened.status).toBe(200);
    const before = await pullAll(tess.token);
    expect(before.changes.map((task) => task.uid)).toEqual(['t1']);
    expect(before.gone).toEqual([]);

    // Commenter to member widens: nothing gone.
    expect((await patch(olive.token, ops.id, { teamRole: 'member' })).status).toBe(200);
    const still = await pull(tess.token, before.cursor);
    expect(still.body.gone).toEqual([]);

    // Member to assigned only narrows: Tess (neither owner nor assignee) loses the task.
    expect((await patch(olive.token, ops.id, { teamRole: 'assigned' })).status).toBe(200);
    const after = await pull(tess.token, still.body.cursor);
    expect(after.status).toBe(200);
    expect(after.body.gone).toEqual(['t1']);
    expect(after.body.changes).toEqual([]);
    // Olive, a manager by her own membership, keeps it.
    const forOlive = await pull(olive.token, still.body.cursor);
    expect(forOlive.body.gone).toEqual([]);
  });
});
