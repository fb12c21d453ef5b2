import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { pullAll, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { PUT as putMember } from '../members/[userId]/route';
import { PATCH as patchProject } from '../route';
import { DELETE, GET, PATCH, POST, PUT } from './route';
import { MANAGERS_ONLY, NOT_FOUND, projectTeam, seen, type ProjectBody } from '@/tests/helpers/projects';

/**
 * POST and DELETE /api/projects/{id}/archive (docs/decisions/0049-projects.md): a project's
 * managers archive and restore it; an archived project's tasks stay readable and every change to
 * them is refused; General stays.
 */

type Body = { project?: ProjectBody; projects?: ProjectBody[]; message?: string; code?: string };

const GENERAL_STAYS = { message: 'General cannot be archived.', code: 'VALIDATION_ERROR' };

function archive(token: string | undefined, id: string) {
  return call<Body>(POST, `/api/projects/${id}/archive`, { token, method: 'POST', params: { id } });
}

function restore(token: string | undefined, id: string) {
  return call<Body>(DELETE, `/api/projects/${id}/archive`, { token, method: 'DELETE', params: { id } });
}

beforeEach(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

describe('/api/projects/{id}/archive: who may call it', () => {
  it('answers 404 SYNC_DISABLED with TEAM_SYNC=off, whatever the token', async () => {
    await expectSyncDisabled(async () => {
      const { token } = await createAdminWithToken();
      return [
        await archive(undefined, 'x'),
        await archive(token, 'x'),
        await restore(undefined, 'x'),
        await restore(token, 'x'),
      ];
    });
  });

  it('answers 401 without a valid token, 405 for other methods', async () => {
    for (const token of [undefined, 'not-a-token']) {
      for (const res of [await archive(token, 'x'), await restore(token, 'x')]) {
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('UNAUTHORIZED');
      }
    }
    const { token } = await createAdminWithToken();
    await expectMethodNotAllowed({ GET, PUT, PATCH }, '/api/projects/x/archive', 'POST, DELETE', {
      token,
      params: { id: 'x' },
    });
  });
});

describe('POST and DELETE /api/projects/{id}/archive', () => {
  it('archives and restores a project for its manager', async () => {
    const { olive, max, ops } = await projectTeam();
    const archived = await archive(olive.token, ops.id);
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual({ project: { ...ops, archived: true }, message: 'Project archived.' });
    // Its people still see it in the list, archived.
    expect(await seen(max.token, ops.id)).toEqual({ ...ops, role: 'member', archived: true });

    const restored = await restore(olive.token, ops.id);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ project: { ...ops, archived: false }, message: 'Project restored.' });
    expect(await seen(max.token, ops.id)).toEqual({ ...ops, role: 'member', archived: false });
  });

  it('answers 403 to a member and a commenter, changing nothing', async () => {
    const { olive, max, cal, ops } = await projectTeam();
    for (const person of [max, cal]) {
      for (const res of [await archive(person.token, ops.id), await restore(person.token, ops.id)]) {
        expect(res.status, person.user.fullName).toBe(403);
        expect(res.body, person.user.fullName).toEqual(MANAGERS_ONLY);
      }
    }
    expect((await seen(olive.token, ops.id))!.archived).toBe(false);
    // Nor may they restore it once it is archived.
    await archive(olive.token, ops.id);
    for (const person of [max, cal]) {
      const res = await restore(person.token, ops.id);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(MANAGERS_ONLY);
    }
    expect((await seen(olive.token, ops.id))!.archived).toBe(true);
  });

  it('answers the same 404 to someone with no role and for an id that names no project', async () => {
    const { olive, sam, ops } = await projectTeam();
    const answers = [
      await archive(sam.token, ops.id),
      await restore(sam.token, ops.id),
      await archive(sam.token, 'no-such-project'),
      await restore(olive.token, 'no-such-project'),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect((await seen(olive.token, ops.id))!.archived).toBe(false);
  });

  it('lets an admin archive and restore any project', async () => {
    const { olive, ops } = await projectTeam();
    const admin = await createAdminWithToken();
    const archived = await archive(admin.token, ops.id);
    expect(archived.status).toBe(200);
    expect(archived.body.project).toMatchObject({ id: ops.id, archived: true, role: 'manager' });
    expect((await seen(olive.token, ops.id))!.archived).toBe(true);
    expect((await restore(admin.token, ops.id)).body.project!.archived).toBe(false);
  });

  it('never archives General, not even for an admin', async () => {
    const admin = await createAdminWithToken();
    for (const res of [await archive(admin.token, 'general'), await restore(admin.token, 'general')]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual(GENERAL_STAYS);
    }
    expect((await seen(admin.token, 'general'))!.archived).toBe(false);
    // Anyone else is assigned only there: not a manager.
    const { token } = await createUserWithToken();
    const byMember = await archive(token, 'general');
    expect(byMember.status).toBe(403);
    expect(byMember.body).toEqual(MANAGERS_ONLY);
  });

  it('keeps an archived project’s tasks readable by its people and refuses changes to them', async () => {
    const { olive, max, cal, sam, ops } = await projectTeam();
    const created = await push(olive.token, 'olive-pc', [
      upsertOp('o1', 't1', { title: 'Renew the certificate', projectId: ops.id }),
    ]);
    expect(created.body.acks, created.text).toEqual(['o1']);
    expect((await archive(olive.token, ops.id)).status).toBe(200);

    for (const [person, opId] of [
      [max, 'm1'],
      [olive, 'o2'],
    ] as const) {
      const edit = await push(person.token, `${opId}-pc`, [
        upsertOp(opId, 't1', { title: 'Too late' }, { baseV: 1 }),
      ]);
      expect(edit.status).toBe(200);
      expect(edit.body.acks).toEqual([]);
      expect(edit.body.rejected).toEqual([
        { opId, reason: 'forbidden', message: 'This project is archived: its tasks cannot be changed.' },
      ]);
    }
    // Nor may a task be added to it (its refusal's wording is left to the push rules' own tests).
    const added = await push(max.token, 'max-pc', [
      upsertOp('m2', 't2', { title: 'New', projectId: ops.id }),
    ]);
    expect(added.body.acks).toEqual([]);
    expect(added.body.rejected).toEqual([
      { opId: 'm2', reason: 'forbidden', message: 'This project is archived: its tasks cannot be changed.' },
    ]);
    // Someone with no role learns nothing of the project, archived or not.
    const bySam = await push(sam.token, 'sam-pc', [
      upsertOp('s1', 't3', { title: 'Mine', projectId: ops.id }),
    ]);
    expect(bySam.body.rejected).toEqual([
      { opId: 's1', reason: 'forbidden', message: 'You cannot add tasks to that project.' },
    ]);

    for (const person of [olive, max, cal]) {
      const { changes } = await pullAll(person.token);
      expect(
        changes.map((task) => [task.uid, task.data.title]),
        person.user.fullName,
      ).toEqual([['t1', 'Renew the certificate']]);
    }
    expect((await pullAll(sam.token)).changes).toEqual([]);

    // Restored, its members may change it again.
    expect((await restore(olive.token, ops.id)).status).toBe(200);
    const again = await push(max.token, 'max-pc', [upsertOp('m3', 't1', { title: 'Renewed' }, { baseV: 1 })]);
    expect(again.body.acks).toEqual(['m3']);
    expect(again.body.rejected).toEqual([]);
  });
});

describe('an archived project’s settings and people', () => {
  it('are read only until it is restored: 409 for a change, even by its manager or an admin', async () => {
    const { olive, max, ops } = await projectTeam();
    const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
    expect((await archive(olive.token, ops.id)).status).toBe(200);
    const archived = { message: 'This project is archived: restore it to change it.', code: 'CONFLICT' };
    for (const person of [olive, ada]) {
      const rename = await call(patchProject, `/api/projects/${ops.id}`, {
        token: person.token,
        method: 'PATCH',
        body: { name: 'Renamed' },
        params: { id: ops.id },
      });
      expect(rename.status).toBe(409);
      expect(rename.body).toEqual(archived);
      const demote = await call(putMember, `/api/projects/${ops.id}/members/${max.user.id}`, {
        token: person.token,
        method: 'PUT',
        body: { role: 'commenter' },
        params: { id: ops.id, userId: max.user.id },
      });
      expect(demote.status).toBe(409);
      expect(demote.body).toEqual(archived);
    }
    expect((await restore(olive.token, ops.id)).status).toBe(200);
    expect((await seen(olive.token, ops.id))?.archived).toBe(false);
  });
});
