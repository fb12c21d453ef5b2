import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { GET as listMembers } from './[id]/members/route';
import { DELETE, GET, PATCH, POST, PUT } from './route';
import { DEFAULT_COLUMNS, type ProjectBody } from '@/tests/helpers/projects';

/**
 * GET and POST /api/projects (docs/decisions/0049-projects.md, docs/product.md#projects): who sees
 * which project, with which role, and the rules of a new project's key, name, colour and team role.
 */

const PATH = '/api/projects';

type Project = ProjectBody;
type Body = { projects?: Project[]; project?: Project; message?: string; code?: string };
type Member = { userId: string; fullName: string; role: string };

const TAKEN_OPS = 'A project with the key OPS already exists.';
const KEY_SHAPE = 'Key must be 2 to 10 capital letters A–Z.';

function list(token: string | undefined) {
  return call<Body>(GET, PATH, { token });
}

function create(token: string | undefined, body: unknown) {
  return call<Body>(POST, PATH, { token, method: 'POST', body });
}

function members(token: string, id: string) {
  return call<{ members?: Member[]; message?: string }>(listMembers, `${PATH}/${id}/members`, {
    token,
    params: { id },
  });
}

/** Creates a project that must be accepted; its view. */
async function created(token: string, body: Record<string, unknown>): Promise<Project> {
  const res = await create(token, { name: `Project ${String(body.key)}`, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.project!;
}

beforeEach(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

describe('/api/projects with TEAM_SYNC=off', () => {
  it('answers 404 SYNC_DISABLED on both methods, whatever the token', async () => {
    await expectSyncDisabled(async () => {
      const { token } = await createUserWithToken();
      return [
        await list(undefined),
        await list(token),
        await create(undefined, { name: 'Operations', key: 'OPS' }),
        await create(token, { name: 'Operations', key: 'OPS' }),
      ];
    });
  });
});

describe('/api/projects: who may call it', () => {
  it('answers 401 without a valid token, 405 for other methods', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const listed = await list(token);
      expect(listed.status).toBe(401);
      expect(listed.body.code).toBe('UNAUTHORIZED');
      const made = await create(token, { name: 'Operations', key: 'OPS' });
      expect(made.status).toBe(401);
      expect(made.body.code).toBe('UNAUTHORIZED');
    }
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ PUT, PATCH, DELETE }, PATH, 'GET, POST', { token });
    // Nothing was created by the refused calls.
    expect((await list(token)).body.projects!.map((project) => project.key)).toEqual(['GEN']);
  });
});

describe('POST /api/projects', () => {
  it('creates a project, answering 201 with its view, the caller its manager', async () => {
    const { token } = await createUserWithToken();
    const res = await create(token, {
      name: '  Operations  ',
      key: 'OPS',
      color: 'teal',
      description: '  Servers and certificates  ',
      teamRole: 'commenter',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      project: {
        id: expect.any(String),
        key: 'OPS',
        name: 'Operations',
        color: 'teal',
        description: 'Servers and certificates',
        teamRole: 'commenter',
        role: 'manager',
        archived: false,
        columns: DEFAULT_COLUMNS,
      },
      message: 'Project created.',
    });
    expect((await list(token)).body.projects).toContainEqual(res.body.project);
  });

  it('fills in blue, no description and no team role when they are left out', async () => {
    const { token } = await createUserWithToken();
    const res = await create(token, { name: 'Support', key: 'SUP' });
    expect(res.status).toBe(201);
    expect(res.body.project).toEqual({
      id: expect.any(String),
      key: 'SUP',
      name: 'Support',
      color: 'blue',
      description: '',
      teamRole: null,
      role: 'manager',
      archived: false,
      columns: DEFAULT_COLUMNS,
    });
    const nullRole = await create(token, { name: 'Design', key: 'DES', teamRole: null });
    expect(nullRole.status).toBe(201);
    expect(nullRole.body.project!.teamRole).toBeNull();
  });

  it('stores a key typed in lower case (or with spaces around it) in capitals', async () => {
    const { token } = await createUserWithToken();
    expect((await created(token, { key: 'ops' })).key).toBe('OPS');
    expect((await created(token, { key: ' Sup ' })).key).toBe('SUP');
    const keys = (await list(token)).body.projects!.map((project) => project.key);
    expect(keys).toEqual(['GEN', 'OPS', 'SUP']);
  });

  it('answers 409 for a key another project has, in any case, General’s included', async () => {
    const { token } = await createUserWithToken();
    const other = await createUserWithToken();
    await created(token, { key: 'OPS' });
    for (const [caller, key] of [
      [token, 'OPS'],
      [token, 'ops'],
      [token, 'Ops'],
      // Another person, who does not even see OPS, is told the same.
      [other.token, 'oPs'],
    ] as const) {
      const res = await create(caller, { name: 'Again', key });
      expect(res.status, key).toBe(409);
      expect(res.body, key).toEqual({ message: TAKEN_OPS, code: 'CONFLICT' });
    }
    for (const key of ['GEN', 'gen']) {
      const res = await create(token, { name: 'Generic', key });
      expect(res.status, key).toBe(409);
      expect(res.body, key).toEqual({
        message: 'A project with the key GEN already exists.',
        code: 'CONFLICT',
      });
    }
    expect((await list(token)).body.projects!.map((project) => project.key)).toEqual(['GEN', 'OPS']);
  });

  it('answers 400 with the key’s rule for a key that is not 2 to 10 letters A–Z', async () => {
    const { token } = await createUserWithToken();
    for (const key of ['O', 'OPS1', 'OP-S', 'OP S', 'ABCDEFGHIJK', 'ÄBC', 'ß', 'straße']) {
      const res = await create(token, { name: 'Operations', key });
      expect(res.status, key).toBe(400);
      expect(res.body.message, key).toBe(KEY_SHAPE);
      expect(res.body.code, key).toBe('VALIDATION_ERROR');
    }
    // Ten letters is the most; two the least.
    expect((await created(token, { key: 'ABCDEFGHIJ' })).key).toBe('ABCDEFGHIJ');
    expect((await created(token, { key: 'AB' })).key).toBe('AB');
  });

  it('answers 400 for a missing or empty key', async () => {
    const { token } = await createUserWithToken();
    for (const body of [
      { name: 'Operations' },
      { name: 'Operations', key: '' },
      { name: 'Operations', key: '  ' },
    ]) {
      const res = await create(token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Key is required.', code: 'VALIDATION_ERROR' });
    }
  });

  it('answers 400 with the exact messages for a bad name, colour or team role', async () => {
    const { token } = await createUserWithToken();
    const cases: [Record<string, unknown>, string][] = [
      [{ key: 'OPS' }, 'Name is required.'],
      [{ key: 'OPS', name: '' }, 'Name is required.'],
      [{ key: 'OPS', name: '   ' }, 'Name is required.'],
      [{ key: 'OPS', name: 'x'.repeat(61) }, 'Name must be at most 60 characters.'],
      [
        { key: 'OPS', name: 'Operations', color: 'pink' },
        'Colour must be one of Red, Orange, Yellow, Green, Teal, Blue, Purple or Grey.',
      ],
      [
        { key: 'OPS', name: 'Operations', teamRole: 'owner' },
        'Role must be one of Manager, Member, Commenter or Assigned only.',
      ],
      [
        { key: 'OPS', name: 'Operations', teamRole: 'Manager' },
        'Role must be one of Manager, Member, Commenter or Assigned only.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await create(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    }
    // Sixty characters is the most a name may have.
    expect((await created(token, { key: 'OPS', name: 'x'.repeat(60) })).name).toBe('x'.repeat(60));
    // Nothing else was created.
    expect((await list(token)).body.projects!.map((project) => project.key)).toEqual(['GEN', 'OPS']);
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    const { token } = await createUserWithToken();
    const res = await call<Body>(POST, PATH, { token, method: 'POST', rawBody: '{"name":' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_JSON');
  });

  it('makes the creator a member with the role manager', async () => {
    const { user, token } = await createUserWithToken({ fullName: 'Olive Owner' });
    const project = await created(token, { key: 'OPS', teamRole: 'member' });
    const res = await members(token, project.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ members: [{ userId: user.id, fullName: 'Olive Owner', role: 'manager' }] });

    const admin = await createAdminWithToken({ fullName: 'Ada Admin' });
    const byAdmin = await created(admin.token, { key: 'ADM' });
    expect(byAdmin.role).toBe('manager');
    expect((await members(admin.token, byAdmin.id)).body.members).toEqual([
      { userId: admin.user.id, fullName: 'Ada Admin', role: 'manager' },
    ]);
  });
});

describe('GET /api/projects', () => {
  it('lists only the projects the caller has a role in, General first then by key, with their role', async () => {
    const olive = await createUserWithToken({ fullName: 'Olive Owner' });
    const max = await createUserWithToken({ fullName: 'Max Member' });
    // Created out of key order; AAA sorts before GEN but General still comes first.
    const zed = await created(olive.token, { key: 'ZED', teamRole: 'commenter' });
    const ops = await created(olive.token, { key: 'OPS' });
    const aaa = await created(olive.token, { key: 'AAA', teamRole: 'member' });
    const own = await created(max.token, { key: 'MAX' });
    const sup = await created(olive.token, { key: 'SUP', teamRole: 'assigned' });

    const forOlive = await list(olive.token);
    expect(forOlive.status).toBe(200);
    expect(forOlive.body.projects!.map((project) => [project.key, project.role])).toEqual([
      ['GEN', 'assigned'],
      ['AAA', 'manager'],
      ['OPS', 'manager'],
      ['SUP', 'manager'],
      ['ZED', 'manager'],
    ]);
    expect(forOlive.body.projects![0]).toEqual({
      id: 'general',
      key: 'GEN',
      name: 'General',
      color: 'blue',
      description: '',
      teamRole: 'assigned',
      role: 'assigned',
      archived: false,
      columns: DEFAULT_COLUMNS,
    });

    // Max sees his own project as its manager, the shared ones with the team's role, not OPS.
    const forMax = await list(max.token);
    expect(forMax.body.projects!.map((project) => [project.id, project.role])).toEqual([
      ['general', 'assigned'],
      [aaa.id, 'member'],
      [own.id, 'manager'],
      [sup.id, 'assigned'],
      [zed.id, 'commenter'],
    ]);
    expect(forMax.body.projects!.map((project) => project.id)).not.toContain(ops.id);

    // A newcomer sees General and the shared projects only.
    const newcomer = await createUserWithToken();
    expect((await list(newcomer.token)).body.projects!.map((project) => project.key)).toEqual([
      'GEN',
      'AAA',
      'SUP',
      'ZED',
    ]);
  });

  it('shows an admin every project, each as its manager', async () => {
    const olive = await createUserWithToken();
    await created(olive.token, { key: 'OPS' });
    await created(olive.token, { key: 'SUP', teamRole: 'commenter' });
    const { token } = await createAdminWithToken();
    const res = await list(token);
    expect(res.status).toBe(200);
    expect(res.body.projects!.map((project) => [project.key, project.role])).toEqual([
      ['GEN', 'manager'],
      ['OPS', 'manager'],
      ['SUP', 'manager'],
    ]);
  });
});
