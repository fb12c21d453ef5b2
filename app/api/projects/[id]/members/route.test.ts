import { beforeEach, describe, expect, it } from 'vitest';
import { call, type CallResult } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { assignTo, pull, pullAll, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { GET as listProjects } from '../../route';
import { DELETE as unarchive, POST as archive } from '../archive/route';
import { PATCH as patchProject } from '../route';
import {
  DELETE as removeRoute,
  GET as getOne,
  PATCH as patchOne,
  POST as postOne,
  PUT as putRoute,
} from './[userId]/route';
import { DELETE, GET, PATCH, POST, PUT } from './route';
import {
  MANAGERS_ONLY,
  NOT_FOUND,
  createProjectAs,
  projectTeam,
  setRole,
  type ProjectBody,
} from '@/tests/helpers/projects';

/**
 * GET /api/projects/{id}/members, PUT and DELETE /api/projects/{id}/members/{userId}
 * (docs/decisions/0049-projects.md): a project's managers give people roles and take them away; a
 * change that narrows what someone sees makes their next pull drop the tasks they lost.
 */

type Member = { userId: string; fullName: string; role: string };
type Body = { members?: Member[]; message?: string; code?: string };
type Person = { user: { id: string; fullName: string }; token: string };

const LAST_MANAGER = {
  message: 'A project needs a manager: make someone else its manager first.',
  code: 'CONFLICT',
};
const ROLE_MESSAGE = 'Role must be one of Manager, Member, Commenter or Assigned only.';

function list(token: string | undefined, id: string) {
  return call<Body>(GET, `/api/projects/${id}/members`, { token, params: { id } });
}

function sight(token: string | undefined, id: string, userId: string) {
  return call<Body & { userId?: string; role?: string | null; sees?: boolean }>(
    getOne,
    `/api/projects/${id}/members/${userId}`,
    { token, params: { id, userId } },
  );
}

function put(token: string | undefined, id: string, userId: string, body: unknown) {
  return call<Body>(putRoute, `/api/projects/${id}/members/${userId}`, {
    token,
    method: 'PUT',
    body,
    params: { id, userId },
  });
}

function remove(token: string | undefined, id: string, userId: string) {
  return call<Body>(removeRoute, `/api/projects/${id}/members/${userId}`, {
    token,
    method: 'DELETE',
    params: { id, userId },
  });
}

async function roleIn(token: string, id: string): Promise<string | undefined> {
  const res = await call<{ projects: ProjectBody[] }>(listProjects, '/api/projects', { token });
  return res.body.projects.find((project) => project.id === id)?.role;
}

const member = (person: Person, role: string): Member => ({
  userId: person.user.id,
  fullName: person.user.fullName,
  role,
});

/** A task in `projectId`, pushed by its manager `by`; `values` adds fields. */
async function taskIn(by: Person, projectId: string, values: Record<string, string> = {}) {
  const res = await push(by.token, 'manager-pc', [
    upsertOp('o1', 't1', { title: 'X', projectId, ...values }),
  ]);
  expect(res.body.acks, res.text).toEqual(['o1']);
}

beforeEach(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

describe('/api/projects/{id}/members: who may call it', () => {
  it('answers 404 SYNC_DISABLED with TEAM_SYNC=off, whatever the token', async () => {
    await expectSyncDisabled(async () => {
      const { token } = await createAdminWithToken();
      return [
        await list(undefined, 'general'),
        await list(token, 'general'),
        await put(token, 'general', 'x', { role: 'member' }),
        await remove(token, 'general', 'x'),
      ];
    });
  });

  it('answers 401 without a valid token, 405 for other methods', async () => {
    for (const token of [undefined, 'not-a-token']) {
      for (const res of [
        await list(token, 'general'),
        await sight(token, 'general', 'x'),
        await put(token, 'general', 'x', { role: 'member' }),
        await remove(token, 'general', 'x'),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('UNAUTHORIZED');
      }
    }
    const { token } = await createAdminWithToken();
    await expectMethodNotAllowed({ POST, PUT, PATCH, DELETE }, '/api/projects/general/members', 'GET', {
      token,
      params: { id: 'general' },
    });
    await expectMethodNotAllowed(
      { POST: postOne, PATCH: patchOne },
      '/api/projects/general/members/x',
      'GET, PUT, DELETE',
      { token, params: { id: 'general', userId: 'x' } },
    );
  });
});

describe('GET, PUT and DELETE /api/projects/{id}/members', () => {
  it('lets a manager add a person with each role, listing the members by name', async () => {
    const olive = await createUserWithToken({ fullName: 'Olive Owner' });
    const ops = await createProjectAs(olive.token, { key: 'OPS' });
    // Created out of name order.
    const zoe = await createUserWithToken({ fullName: 'Zoe Manager' });
    const dan = await createUserWithToken({ fullName: 'Dan Assigned' });
    const bea = await createUserWithToken({ fullName: 'Bea Commenter' });
    const max = await createUserWithToken({ fullName: 'Max Member' });
    const added: [Person, string][] = [
      [zoe, 'manager'],
      [dan, 'assigned'],
      [bea, 'commenter'],
      [max, 'member'],
    ];
    for (const [person, role] of added) {
      const res = await put(olive.token, ops.id, person.user.id, { role });
      expect(res.status, role).toBe(200);
      expect(res.body.message).toBe('Member saved.');
      expect(res.body.members).toContainEqual(member(person, role));
      // Each sees the project with the role given.
      expect(await roleIn(person.token, ops.id), role).toBe(role);
    }
    const expected = [
      member(bea, 'commenter'),
      member(dan, 'assigned'),
      member(max, 'member'),
      member(olive, 'manager'),
      member(zoe, 'manager'),
    ];
    const res = await list(olive.token, ops.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ members: expected });
    // The last PUT answered the same list.
    expect((await setRole(olive.token, ops.id, max.user.id, 'member')).body).toEqual({
      members: expected,
      message: 'Member saved.',
    });
  });

  it('changes a role and removes a person, who then has the team’s role (or none)', async () => {
    const { olive, max, cal, ops } = await projectTeam();
    const changed = await setRole(olive.token, ops.id, max.user.id, 'commenter');
    expect(changed.body.members).toContainEqual(member(max, 'commenter'));
    expect(await roleIn(max.token, ops.id)).toBe('commenter');

    const removed = await remove(olive.token, ops.id, max.user.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      members: [member(cal, 'commenter'), member(olive, 'manager')],
      message: 'Member removed.',
    });
    expect(await roleIn(max.token, ops.id)).toBeUndefined();

    // Shared with the team as members, a removed commenter is a member again.
    const shared = await createProjectAs(olive.token, { key: 'SUP', teamRole: 'member' });
    await setRole(olive.token, shared.id, cal.user.id, 'commenter');
    expect(await roleIn(cal.token, shared.id)).toBe('commenter');
    expect((await remove(olive.token, shared.id, cal.user.id)).status).toBe(200);
    expect(await roleIn(cal.token, shared.id)).toBe('member');
  });

  it('shows the members to a member and a commenter, and refuses them changes with 403', async () => {
    const { olive, max, cal, sam, ops } = await projectTeam();
    const expected = [member(cal, 'commenter'), member(max, 'member'), member(olive, 'manager')];
    for (const person of [max, cal]) {
      const res = await list(person.token, ops.id);
      expect(res.status, person.user.fullName).toBe(200);
      expect(res.body).toEqual({ members: expected });
    }
    for (const person of [max, cal]) {
      for (const res of [
        await put(person.token, ops.id, sam.user.id, { role: 'member' }),
        // Not even their own role.
        await put(person.token, ops.id, person.user.id, { role: 'manager' }),
        await remove(person.token, ops.id, olive.user.id),
        await remove(person.token, ops.id, person.user.id),
      ]) {
        expect(res.status, person.user.fullName).toBe(403);
        expect(res.body, person.user.fullName).toEqual(MANAGERS_ONLY);
      }
    }
    expect((await list(olive.token, ops.id)).body.members).toEqual(expected);
  });

  it('answers 404 to someone with no role, as for a project that does not exist', async () => {
    const { olive, max, sam, ops } = await projectTeam();
    for (const res of [
      await list(sam.token, ops.id),
      await put(sam.token, ops.id, sam.user.id, { role: 'manager' }),
      await remove(sam.token, ops.id, max.user.id),
      await list(olive.token, 'no-such-project'),
      await put(olive.token, 'no-such-project', max.user.id, { role: 'member' }),
      await remove(olive.token, 'no-such-project', max.user.id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect((await list(sam.token, ops.id)).text).toBe((await list(sam.token, 'no-such-project')).text);
    expect(await roleIn(sam.token, ops.id)).toBeUndefined();
  });

  it('answers 404 No such account. for a user id that names nobody', async () => {
    const { olive, ops } = await projectTeam();
    for (const res of [
      await put(olive.token, ops.id, 'no-such-user', { role: 'member' }),
      await remove(olive.token, ops.id, 'no-such-user'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'No such account.', code: 'NOT_FOUND' });
    }
    expect((await list(olive.token, ops.id)).body.members).toHaveLength(3);
  });

  it('answers 400 to a role that is not one', async () => {
    const { olive, max, ops } = await projectTeam();
    for (const body of [{}, { role: 'owner' }, { role: null }, { role: 'Member' }]) {
      const res = await put(olive.token, ops.id, max.user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({
        message: ROLE_MESSAGE,
        code: 'VALIDATION_ERROR',
      });
    }
    expect((await list(olive.token, ops.id)).body.members).toContainEqual(member(max, 'member'));
  });

  it('lets an admin manage the people of any project', async () => {
    const { max, sam, ops } = await projectTeam();
    const admin = await createAdminWithToken({ fullName: 'Ada Admin' });
    expect((await list(admin.token, ops.id)).status).toBe(200);
    expect((await setRole(admin.token, ops.id, sam.user.id, 'member')).body.members).toContainEqual(
      member(sam, 'member'),
    );
    expect((await remove(admin.token, ops.id, max.user.id)).status).toBe(200);
    expect(await roleIn(max.token, ops.id)).toBeUndefined();
  });

  it('refuses with 409 to remove or demote the last manager, whoever asks', async () => {
    const { olive, max, ops } = await projectTeam();
    const admin = await createAdminWithToken();
    for (const caller of [olive, admin]) {
      for (const res of [
        await remove(caller.token, ops.id, olive.user.id),
        await put(caller.token, ops.id, olive.user.id, { role: 'member' }),
        await put(caller.token, ops.id, olive.user.id, { role: 'assigned' }),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body).toEqual(LAST_MANAGER);
      }
    }
    expect(await roleIn(olive.token, ops.id)).toBe('manager');

    // With a second manager, one may go; then the other is the last.
    await setRole(olive.token, ops.id, max.user.id, 'manager');
    expect((await put(olive.token, ops.id, olive.user.id, { role: 'member' })).status).toBe(200);
    expect(await roleIn(olive.token, ops.id)).toBe('member');
    const last = await remove(max.token, ops.id, max.user.id);
    expect(last.status).toBe(409);
    expect(last.body).toEqual(LAST_MANAGER);
    // Setting the last manager's role to manager again changes nothing and is allowed.
    expect((await put(max.token, ops.id, max.user.id, { role: 'manager' })).status).toBe(200);
  });
});

describe('GET /api/projects/{id}/members/{userId}: would the person see a task assigned to them', () => {
  it('says so for a role of their own, for the team’s role, and for an admin; not for someone with none', async () => {
    const { olive, max, cal, sam, ops } = await projectTeam();
    const admin = await createAdminWithToken();
    const expectations: [Person | typeof admin, string | null, boolean][] = [
      [olive, 'manager', true],
      [max, 'member', true],
      [cal, 'commenter', true],
      [sam, null, false],
      [admin, null, true],
    ];
    // Asked by anyone with a role there: a manager and a commenter alike.
    for (const asker of [olive, cal]) {
      for (const [person, role, sees] of expectations) {
        const res = await sight(asker.token, ops.id, person.user.id);
        expect(res.status, person.user.fullName).toBe(200);
        expect(res.body, person.user.fullName).toEqual({ userId: person.user.id, role, sees });
      }
    }
    // The team's role lets everyone see the tasks assigned to them.
    await call(patchProject, `/api/projects/${ops.id}`, {
      token: olive.token,
      method: 'PATCH',
      body: { teamRole: 'assigned' },
      params: { id: ops.id },
    });
    expect((await sight(olive.token, ops.id, sam.user.id)).body).toEqual({
      userId: sam.user.id,
      role: null,
      sees: true,
    });
  });

  it('answers 404 to someone with no role and for a project or a person that does not exist', async () => {
    const { olive, max, sam, ops } = await projectTeam();
    const noProject = await sight(olive.token, 'no-such-project', max.user.id);
    const noRole = await sight(sam.token, ops.id, max.user.id);
    for (const res of [noProject, noRole]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(noRole.text).toBe(noProject.text);
    const nobody = await sight(olive.token, ops.id, 'no-such-user');
    expect(nobody.status).toBe(404);
    expect(nobody.body).toEqual({ message: 'No such account.', code: 'NOT_FOUND' });
  });
});

describe('a change of role and what the person’s next pull drops', () => {
  it('lists the project’s tasks in `gone` for a member who is removed', async () => {
    const { olive, max, cal, ops } = await projectTeam();
    await taskIn(olive, ops.id);
    const before = await pullAll(max.token);
    expect(before.changes.map((task) => task.uid)).toEqual(['t1']);

    expect((await remove(olive.token, ops.id, max.user.id)).status).toBe(200);
    const after = await pull(max.token, before.cursor);
    expect(after.status).toBe(200);
    expect(after.body.gone).toEqual(['t1']);
    expect(after.body.changes).toEqual([]);
    // The manager and the commenter keep it.
    for (const person of [olive, cal])
      expect((await pull(person.token, before.cursor)).body.gone).toEqual([]);
  });

  it('lists them for a member demoted to assigned only who neither owns nor is assigned the task', async () => {
    const { olive, max, cal, ops } = await projectTeam();
    await taskIn(olive, ops.id, assignTo(cal.user));
    const maxBefore = await pullAll(max.token);
    const calBefore = await pullAll(cal.token);
    expect(maxBefore.changes.map((task) => task.uid)).toEqual(['t1']);
    expect(calBefore.changes.map((task) => task.uid)).toEqual(['t1']);

    await setRole(olive.token, ops.id, max.user.id, 'assigned');
    // Cal, assigned the task, keeps it when he too is demoted to assigned only.
    await setRole(olive.token, ops.id, cal.user.id, 'assigned');
    const maxAfter = await pull(max.token, maxBefore.cursor);
    expect(maxAfter.body.gone).toEqual(['t1']);
    expect(maxAfter.body.changes).toEqual([]);
    expect((await pull(cal.token, calBefore.cursor)).body.gone).toEqual([]);
  });

  it('lists nothing in `gone` for a promotion, or a change that keeps the whole project in sight', async () => {
    const { olive, max, cal, ops } = await projectTeam();
    await taskIn(olive, ops.id);
    const calBefore = await pullAll(cal.token);
    const maxBefore = await pullAll(max.token);
    expect(calBefore.changes.map((task) => task.uid)).toEqual(['t1']);

    await setRole(olive.token, ops.id, cal.user.id, 'member');
    await setRole(olive.token, ops.id, max.user.id, 'commenter');
    for (const [person, cursor] of [
      [cal, calBefore.cursor],
      [max, maxBefore.cursor],
    ] as const) {
      const after = await pull(person.token, cursor);
      expect(after.status).toBe(200);
      expect(after.body.gone, person.user.fullName).toEqual([]);
    }
    expect((await pullAll(cal.token)).changes.map((task) => task.uid)).toEqual(['t1']);
  });

  it('lists nothing in `gone` for a member removed from a project the team sees whole', async () => {
    const olive = await createUserWithToken({ fullName: 'Olive Owner' });
    const max = await createUserWithToken({ fullName: 'Max Member' });
    const sup = await createProjectAs(olive.token, { key: 'SUP', teamRole: 'commenter' });
    await setRole(olive.token, sup.id, max.user.id, 'member');
    await taskIn(olive, sup.id);
    const before = await pullAll(max.token);
    expect(before.changes.map((task) => task.uid)).toEqual(['t1']);
    expect((await remove(olive.token, sup.id, max.user.id)).status).toBe(200);
    expect((await pull(max.token, before.cursor)).body.gone).toEqual([]);
    expect(await roleIn(max.token, sup.id)).toBe('commenter');
  });
});

describe('every change to a project, asked by someone who may not make it', () => {
  it('answers 403 to a commenter and 404 to someone with no role, changing nothing', async () => {
    const { olive, max, cal, sam, ops } = await projectTeam();
    const id = ops.id;
    const attempts: [string, (person: Person) => Promise<CallResult<unknown>>][] = [
      [
        'PATCH',
        (person) =>
          call(patchProject, `/api/projects/${id}`, {
            token: person.token,
            method: 'PATCH',
            body: { name: 'Taken over' },
            params: { id },
          }),
      ],
      [
        'POST archive',
        (person) =>
          call(archive, `/api/projects/${id}/archive`, {
            token: person.token,
            method: 'POST',
            params: { id },
          }),
      ],
      [
        'DELETE archive',
        (person) =>
          call(unarchive, `/api/projects/${id}/archive`, {
            token: person.token,
            method: 'DELETE',
            params: { id },
          }),
      ],
      ['PUT member', (person) => put(person.token, id, max.user.id, { role: 'manager' })],
      ['DELETE member', (person) => remove(person.token, id, max.user.id)],
    ];
    for (const [name, attempt] of attempts) {
      const byCommenter = await attempt(cal);
      expect(byCommenter.status, name).toBe(403);
      expect(byCommenter.body, name).toEqual(MANAGERS_ONLY);
      const byStranger = await attempt(sam);
      expect(byStranger.status, name).toBe(404);
      expect(byStranger.body, name).toEqual(NOT_FOUND);
    }
    const res = await call<{ projects: (ProjectBody & { name: string })[] }>(listProjects, '/api/projects', {
      token: olive.token,
    });
    expect(res.body.projects.find((project) => project.id === id)).toMatchObject({
      name: 'Operations',
      archived: false,
    });
    expect((await list(olive.token, id)).body.members).toEqual([
      member(cal, 'commenter'),
      member(max, 'member'),
      member(olive, 'manager'),
    ]);
  });
});

describe('a change of role that widens what someone sees', () => {
  it('makes their next pull answer reset, and the walk from the start brings the project’s tasks', async () => {
    const { olive, sam, ops } = await projectTeam();
    await taskIn(olive, ops.id);
    const before = await pullAll(sam.token);
    expect(before.changes).toEqual([]);

    await setRole(olive.token, ops.id, sam.user.id, 'commenter');
    const next = await pull(sam.token, before.cursor);
    expect(next.body).toMatchObject({ reset: true, changes: [], cursor: '0:' });
    const walk = await pull(sam.token, '0:', undefined, { walk: true });
    expect(walk.body.reset).toBe(false);
    expect(walk.body.changes.map((task) => task.uid)).toEqual(['t1']);
    // Once walked, the marker is behind the cursor: the pulls go on as usual.
    expect((await pull(sam.token, walk.body.cursor)).body.reset).toBe(false);
    // Someone whose sight did not change pulls on without a reset.
    const oliveCursor = (await pullAll(olive.token)).cursor;
    expect((await pull(olive.token, oliveCursor)).body.reset).toBe(false);
  });
});

describe('the members of a project, listed by anyone with a role there', () => {
  it('shows them to someone who is assigned only there', async () => {
    const { olive, sam, ops } = await projectTeam();
    await setRole(olive.token, ops.id, sam.user.id, 'assigned');
    const res = await list(sam.token, ops.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.members?.map((entry) => entry.fullName)).toEqual([
      'Cal Commenter',
      'Max Member',
      'Olive Owner',
      'Sam Stranger',
    ]);
  });
});
