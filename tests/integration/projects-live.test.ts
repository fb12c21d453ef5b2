import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POST as createProject } from '@/app/api/projects/route';
import { DELETE as deleteProject, PATCH as patchProject } from '@/app/api/projects/[id]/route';
import { DELETE as restore, POST as archive } from '@/app/api/projects/[id]/archive/route';
import { PUT as putColumns } from '@/app/api/projects/[id]/columns/route';
import { DELETE as removeMember, PUT as putMember } from '@/app/api/projects/[id]/members/[userId]/route';
import { restartSyncListener } from '@/server/realtime/listener';
import { call } from '@/tests/helpers/api';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { createProjectAs, seen, setRole } from '@/tests/helpers/projects';
import { closeStreams, openLiveStream, type SseBlock, type SseReader } from '@/tests/helpers/sse';
import { push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { getTestDialect, withClient } from '@/tests/setup/test-database';

/**
 * The live stream's `projects` event (docs/product.md#team-sync-endpoints): every change of a
 * project (created, settings, columns, archive and restore, people, deleted) tells every open stream,
 * whoever's, so each open page reads GET /api/projects again, which answers each person only what
 * they may see. A refused change tells nobody. On PostgreSQL it travels between instances on a
 * channel of its own (`tasklane_projects`).
 */

const PROJECTS: SseBlock = { event: 'projects', data: '{}' };

const NEW_COLUMNS = [
  { id: 'todo', name: 'Backlog', kind: 'todo' },
  { id: 'doing', name: 'Building', kind: 'doing', wipLimit: 2 },
  { name: 'Review', kind: 'doing' },
  { id: 'done', name: 'Shipped', kind: 'done' },
];

beforeEach(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

afterEach(() => closeStreams());

const request = {
  patch: (token: string, id: string, body: unknown) =>
    call(patchProject, `/api/projects/${id}`, { token, method: 'PATCH', body, params: { id } }),
  columns: (token: string, id: string, columns: unknown) =>
    call(putColumns, `/api/projects/${id}/columns`, {
      token,
      method: 'PUT',
      body: { columns },
      params: { id },
    }),
  archive: (token: string, id: string) =>
    call(archive, `/api/projects/${id}/archive`, { token, method: 'POST', params: { id } }),
  restore: (token: string, id: string) =>
    call(restore, `/api/projects/${id}/archive`, { token, method: 'DELETE', params: { id } }),
  member: (token: string, id: string, userId: string, role: string | null) =>
    role === null
      ? call(removeMember, `/api/projects/${id}/members/${userId}`, {
          token,
          method: 'DELETE',
          params: { id, userId },
        })
      : call(putMember, `/api/projects/${id}/members/${userId}`, {
          token,
          method: 'PUT',
          body: { role },
          params: { id, userId },
        }),
  create: (token: string, body: unknown) =>
    call(createProject, '/api/projects', { token, method: 'POST', body }),
  remove: (token: string, id: string, name: string) =>
    call(deleteProject, `/api/projects/${id}`, { token, method: 'DELETE', body: { name }, params: { id } }),
};

/**
 * Olive manages OPS; Max is a member; Sam has no role in it; Ada is an admin. Everyone is a member of
 * ALL (its team role), so a push there pokes every stream. Each has a stream open.
 */
async function team() {
  const olive = await createUserWithToken({ fullName: 'Olive Owner' });
  const max = await createUserWithToken({ fullName: 'Max Member' });
  const sam = await createUserWithToken({ fullName: 'Sam Stranger' });
  const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
  const ops = await createProjectAs(olive.token, { key: 'OPS', name: 'Operations' });
  await setRole(olive.token, ops.id, max.user.id, 'member');
  const all = await createProjectAs(olive.token, { key: 'ALL', name: 'Everyone', teamRole: 'member' });
  const streams = [];
  for (const person of [olive, max, sam, ada]) streams.push((await openLiveStream(person.token)).events);
  return { olive, max, sam, ada, ops, all, streams };
}

/** Each stream's next `count` events, in any order (a poke and a projects event may come either way). */
async function expectNext(streams: SseReader[], expected: SseBlock[]): Promise<void> {
  const key = (block: SseBlock | null) => JSON.stringify(block);
  for (const stream of streams) {
    const got: (SseBlock | null)[] = [];
    for (let n = 0; n < expected.length; n += 1) got.push(await stream.nextEvent());
    const pokesAsAny = got.map((block) => (block?.event === 'poke' ? { event: 'poke' } : block));
    expect(pokesAsAny.map(key).sort()).toEqual(expected.map(key).sort());
  }
}

/** Proves no event came before: the next one each stream gets is the poke of a push to ALL made now. */
async function expectNothingBefore(streams: SseReader[], token: string, all: string, uid: string) {
  const pushed = await push(token, 'pc', [upsertOp(`op-${uid}`, uid, { title: 'After', projectId: all })]);
  expect(pushed.status, pushed.text).toBe(200);
  for (const stream of streams) expect(await stream.nextPoke()).toBe(pushed.body.seq);
}

describe('the live `projects` event', () => {
  it('reaches every stream after PUT columns and PATCH; each reads only what it may see', async () => {
    const { olive, max, sam, ops, streams } = await team();
    const saved = await request.columns(olive.token, ops.id, NEW_COLUMNS);
    expect(saved.status, saved.text).toBe(200);
    await expectNext(streams, [PROJECTS]);
    const renamed = await request.patch(olive.token, ops.id, { name: 'Operations and support' });
    expect(renamed.status, renamed.text).toBe(200);
    await expectNext(streams, [PROJECTS]);
    // What the member's page reads again; the stranger's list still does not name it.
    const maxSees = await seen(max.token, ops.id);
    expect(maxSees?.name).toBe('Operations and support');
    expect(maxSees?.columns.map((column) => column.name)).toEqual([
      'Backlog',
      'Building',
      'Review',
      'Shipped',
    ]);
    expect(await seen(sam.token, ops.id)).toBeUndefined();
  });

  it('reaches every stream after a role given and taken, archive, restore, a new project and a deletion', async () => {
    const { olive, sam, ops, streams } = await team();
    // Sam given a role sees more (a poke: their browser walks again); taken away, sees less.
    expect((await request.member(olive.token, ops.id, sam.user.id, 'commenter')).status).toBe(200);
    await expectNext(streams, [PROJECTS, { event: 'poke' }]);
    expect((await request.member(olive.token, ops.id, sam.user.id, null)).status).toBe(200);
    await expectNext(streams, [PROJECTS, { event: 'poke' }]);
    expect((await request.archive(olive.token, ops.id)).status).toBe(200);
    await expectNext(streams, [PROJECTS]);
    expect((await request.restore(olive.token, ops.id)).status).toBe(200);
    await expectNext(streams, [PROJECTS]);
    expect((await request.create(sam.token, { key: 'SAM', name: 'Sam’s' })).status).toBe(201);
    await expectNext(streams, [PROJECTS]);
    expect((await request.archive(olive.token, ops.id)).status).toBe(200);
    await expectNext(streams, [PROJECTS]);
    const deleted = await request.remove(olive.token, ops.id, 'Operations');
    expect(deleted.status, deleted.text).toBe(200);
    await expectNext(streams, [PROJECTS, { event: 'poke' }]);
  });

  it('is not sent for a refused change', async () => {
    const { olive, max, sam, ada, ops, all, streams } = await team();
    expect((await request.patch(max.token, ops.id, { name: 'Mine' })).status).toBe(403);
    expect((await request.patch(sam.token, ops.id, { name: 'Mine' })).status).toBe(404);
    expect((await request.columns(olive.token, ops.id, [{ name: 'Only', kind: 'todo' }])).status).toBe(400);
    expect((await request.member(max.token, ops.id, sam.user.id, 'member')).status).toBe(403);
    expect((await request.member(olive.token, ops.id, olive.user.id, 'member')).status).toBe(409);
    expect((await request.create(olive.token, { key: 'OPS', name: 'Again' })).status).toBe(409);
    expect((await request.archive(ada.token, 'general')).status).toBe(400);
    expect((await request.remove(olive.token, ops.id, 'Operations')).status).toBe(409);
    await expectNothingBefore(streams, olive.token, all.id, 'refused-1');
    // Archived: every change but the restore is refused, and tells nobody.
    expect((await request.archive(olive.token, ops.id)).status).toBe(200);
    await expectNext(streams, [PROJECTS]);
    expect((await request.patch(olive.token, ops.id, { name: 'Renamed' })).status).toBe(409);
    expect((await request.columns(olive.token, ops.id, NEW_COLUMNS)).status).toBe(409);
    expect((await request.remove(olive.token, ops.id, 'Wrong name')).status).toBe(400);
    await expectNothingBefore(streams, olive.token, all.id, 'refused-2');
  });
});

// Across instances: PostgreSQL only (SQLite has one process and its hub).
if (getTestDialect() === 'postgres')
  describe('the live `projects` event across instances on PostgreSQL', () => {
    it('tells the other instances at commit, passes their signal to local streams, and heals after the listener reconnects', async () => {
      const { olive, ops, streams } = await team();
      const [stream] = streams;
      // Another instance listening: it hears this instance's change.
      await withClient(process.env.DATABASE_URL, async (client) => {
        await client.query('listen tasklane_projects');
        const heard = new Promise<string | undefined>((resolve) =>
          client.once('notification', (message) => resolve(message.payload)),
        );
        expect((await request.columns(olive.token, ops.id, NEW_COLUMNS)).status).toBe(200);
        expect(await heard).toBe('{}');
      });
      expect(await stream!.nextEvent()).toEqual(PROJECTS);
      // Another instance's change: its NOTIFY reaches this instance's streams.
      await withClient(process.env.DATABASE_URL, (client) =>
        client.query("select pg_notify('tasklane_projects', '{}')"),
      );
      expect(await stream!.nextEvent()).toEqual(PROJECTS);
      // A change made while the listener was down may be missed: after reconnecting it tells every stream.
      await restartSyncListener();
      const after = [];
      for (let n = 0; n < 4; n += 1) after.push(await stream!.nextEvent());
      expect(after).toContainEqual(PROJECTS);
    });
  });
