import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { restartSyncListener } from '@/server/realtime/listener';
import { LABELS_MAX_COUNT } from '@/features/tasks/model/labels';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { closeStreams, openLiveStream } from '@/tests/helpers/sse';
import { push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { getTestDialect, withClient } from '@/tests/setup/test-database';
import { DELETE as deleteOne, GET as getOne, PATCH, POST as postOne, PUT as putOne } from './[id]/route';
import { DELETE, GET, POST, PUT } from './route';

const PATH = '/api/labels';

type Label = { id: string; name: string; color: string };
type Body = { labels?: Label[]; label?: Label; message?: string; code?: string };

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

function list(token: string | undefined) {
  return call<Body>(GET, PATH, { token });
}

function create(token: string | undefined, body: unknown) {
  return call<Body>(POST, PATH, { token, method: 'POST', body });
}

function patch(token: string | undefined, id: string, body: unknown) {
  return call<Body>(PATCH, `${PATH}/${id}`, { token, method: 'PATCH', body, params: { id } });
}

function remove(token: string | undefined, id: string) {
  return call<Body>(deleteOne, `${PATH}/${id}`, { token, method: 'DELETE', params: { id } });
}

let counter = 0;
/** A name no other test uses (the set is shared by the whole file's database). */
function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${counter}`;
}

async function clearLabels(token: string) {
  for (const label of (await list(token)).body.labels ?? []) await remove(token, label.id);
}

describe('/api/labels with TEAM_SYNC=off', () => {
  it('answers 404 SYNC_DISABLED on every method, before looking at the token', async () => {
    await expectSyncDisabled(async () => {
      const { token } = await createAdminWithToken();
      return [
        await list(undefined),
        await list(token),
        await create(token, { name: 'A', color: 'red' }),
        await patch(token, 'x', { color: 'red' }),
        await remove(token, 'x'),
      ];
    });
  });
});

describe('/api/labels: who may do what', () => {
  it('answers 401 without a valid token, 405 for other methods', async () => {
    for (const token of [undefined, 'not-a-token']) {
      expect((await list(token)).status).toBe(401);
      expect((await create(token, { name: 'A', color: 'red' })).body.code).toBe('UNAUTHORIZED');
      expect((await patch(token, 'x', { color: 'red' })).status).toBe(401);
      expect((await remove(token, 'x')).status).toBe(401);
    }
    const { token } = await createAdminWithToken();
    await expectMethodNotAllowed({ PUT, DELETE }, PATH, 'GET, POST', { token });
    await expectMethodNotAllowed({ GET: getOne, POST: postOne, PUT: putOne }, `${PATH}/x`, 'PATCH, DELETE', {
      token,
    });
  });

  it('lets a member read the set but not change it (403 FORBIDDEN, nothing changed)', async () => {
    const admin = await createAdminWithToken();
    const member = await createUserWithToken();
    const name = unique('Team');
    const created = await create(admin.token, { name, color: 'teal' });
    expect(created.status).toBe(201);
    const id = created.body.label!.id;

    const seen = await list(member.token);
    expect(seen.status).toBe(200);
    expect(seen.body.labels).toContainEqual({ id, name, color: 'teal' });

    for (const res of [
      await create(member.token, { name: unique('Mine'), color: 'red' }),
      await patch(member.token, id, { name: 'Taken over' }),
      await remove(member.token, id),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await list(member.token)).body.labels).toContainEqual({ id, name, color: 'teal' });
  });
});

describe('POST, PATCH and DELETE /api/labels by an admin', () => {
  it('creates, renames, recolours and deletes, answering the label and a message', async () => {
    const { token } = await createAdminWithToken();
    const name = unique('Urgent');
    const created = await create(token, { name: `  ${name}  `, color: 'red' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      label: { id: expect.any(String), name, color: 'red' },
      message: 'Label created.',
    });
    const id = created.body.label!.id;

    const renamed = await patch(token, id, { name: `${name} now` });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      label: { id, name: `${name} now`, color: 'red' },
      message: 'Label saved.',
    });
    const recoloured = await patch(token, id, { color: 'purple' });
    expect(recoloured.body.label).toEqual({ id, name: `${name} now`, color: 'purple' });
    // Renaming a label to its own name in another case is allowed.
    expect((await patch(token, id, { name: `${name} NOW` })).status).toBe(200);

    const deleted = await remove(token, id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Label deleted.' });
    expect((await list(token)).body.labels?.some((label) => label.id === id)).toBe(false);
    const again = await remove(token, id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'This label no longer exists.', code: 'NOT_FOUND' });
    const gone = await patch(token, id, { color: 'red' });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('This label no longer exists.');
  });

  it('lists the labels oldest first', async () => {
    const { token } = await createAdminWithToken();
    const first = (await create(token, { name: unique('First'), color: 'red' })).body.label!;
    const second = (await create(token, { name: unique('Second'), color: 'blue' })).body.label!;
    const ids = (await list(token)).body.labels!.map((label) => label.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
  });

  it('refuses a bad name or colour with the exact message (400), and a taken name (409)', async () => {
    const { token } = await createAdminWithToken();
    const cases: [unknown, string][] = [
      [{ name: '   ', color: 'red' }, 'Label name is required.'],
      [{ color: 'red' }, 'Label name is required.'],
      [{ name: 'x'.repeat(31), color: 'red' }, 'Label name must be at most 30 characters.'],
      [
        { name: 'a\u202eb', color: 'red' },
        'Label name must not contain invisible characters or text-direction marks. Type the name again without pasting it.',
      ],
      [
        { name: 'Ok', color: 'pink' },
        'Colour must be one of Red, Orange, Yellow, Green, Teal, Blue, Purple or Grey.',
      ],
      [{ name: 'Ok' }, 'Colour must be one of Red, Orange, Yellow, Green, Teal, Blue, Purple or Grey.'],
    ];
    for (const [body, message] of cases) {
      const res = await create(token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    }
    const name = unique('Home');
    const label = (await create(token, { name, color: 'green' })).body.label!;
    const taken = await create(token, { name: name.toUpperCase(), color: 'red' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: `A label named "${name}" already exists.`, code: 'CONFLICT' });
    const other = (await create(token, { name: unique('Other'), color: 'green' })).body.label!;
    const renameTaken = await patch(token, other.id, { name });
    expect(renameTaken.status).toBe(409);
    const empty = await patch(token, label.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Send a new name, a new colour, or both.');
    expect(stackFree(JSON.stringify(empty.body))).toBe(true);
  });

  it('holds at most 50 labels, also when admins create them at the same time', async () => {
    const { token } = await createAdminWithToken();
    await clearLabels(token);
    const results = await Promise.all(
      Array.from({ length: LABELS_MAX_COUNT + 5 }, (_, index) =>
        create(token, { name: `Bulk ${index}`, color: 'grey' }),
      ),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(LABELS_MAX_COUNT);
    const refused = results.filter((res) => res.status !== 201);
    expect(refused).toHaveLength(5);
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('There can be at most 50 labels. Delete one to add another.');
    }
    expect((await list(token)).body.labels).toHaveLength(LABELS_MAX_COUNT);
    await clearLabels(token);
  });

  it('gives one of two same-named labels created at once, the other a 409', async () => {
    const { token } = await createAdminWithToken();
    const name = unique('Race');
    const results = await Promise.all([
      create(token, { name, color: 'red' }),
      create(token, { name: name.toLowerCase(), color: 'blue' }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
  });
});

describe('/api/labels rate limit', () => {
  it('counts on the sync rate limit, per account', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', RATE_LIMIT_SYNC_MAX: '2' });
    try {
      const admin = await createAdminWithToken();
      expect((await list(admin.token)).status).toBe(200);
      expect((await create(admin.token, { name: unique('Limit'), color: 'red' })).status).toBe(201);
      const limited = await list(admin.token);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect((await create(admin.token, { name: unique('Limit'), color: 'red' })).status).toBe(429);
      const member = await createUserWithToken();
      expect((await list(member.token)).status).toBe(200);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });
});

/** No stack trace or file path in an answer. */
function stackFree(text: string): boolean {
  return !/\bat [\w.]+ \(|node_modules|\.ts:\d+/.test(text);
}

describe('/api/labels: live updates', () => {
  afterEach(() => closeStreams());
  const LABELS = { event: 'labels', data: '{}' };

  it('sends `event: labels` to every open stream (members and admins) on create, rename, recolour and delete; a refused change sends none', async () => {
    const admin = await createAdminWithToken();
    const member = await createUserWithToken();
    const streams = [await openLiveStream(member.token), await openLiveStream(admin.token)];
    const expectLabelsEvent = async () => {
      for (const stream of streams) expect(await stream.events.nextEvent()).toEqual(LABELS);
    };
    const name = unique('Live');
    const created = await create(admin.token, { name, color: 'blue' });
    expect(created.status, created.text).toBe(201);
    await expectLabelsEvent();
    const id = created.body.label!.id;
    expect((await patch(admin.token, id, { name: `${name} renamed` })).status).toBe(200);
    await expectLabelsEvent();
    expect((await patch(admin.token, id, { color: 'red' })).status).toBe(200);
    await expectLabelsEvent();
    expect((await remove(admin.token, id)).status).toBe(200);
    await expectLabelsEvent();
    // Refused: a taken name, a label that is gone, a member's change. Nobody is told.
    const other = await create(admin.token, { name: unique('Other'), color: 'teal' });
    await expectLabelsEvent();
    expect((await create(admin.token, { name: other.body.label!.name, color: 'red' })).status).toBe(409);
    expect((await patch(admin.token, id, { color: 'red' })).status).toBe(404);
    expect((await remove(admin.token, id)).status).toBe(404);
    expect((await create(member.token, { name: unique('Mine'), color: 'red' })).status).toBe(403);
    // The next event each stream gets is the poke of the member's push: no labels event came between.
    const pushed = await push(member.token, 'member-pc', [upsertOp('l1', 'lt1', { title: 'After' })]);
    expect(pushed.status, pushed.text).toBe(200);
    for (const stream of streams) expect(await stream.events.nextPoke()).toBe(pushed.body.seq);
  });
});

// Across instances: PostgreSQL only (SQLite has one process and its hub).
if (getTestDialect() === 'postgres')
  describe('/api/labels: live updates across instances on PostgreSQL', () => {
    afterEach(() => closeStreams());

    it('tells the other instances at commit, passes their signal to local streams, and heals after the listener reconnects', async () => {
      const admin = await createAdminWithToken();
      const member = await createUserWithToken();
      const stream = await openLiveStream(member.token);
      // Another instance listening: it hears this instance's change.
      await withClient(process.env.DATABASE_URL, async (client) => {
        await client.query('listen tasklane_labels');
        const heard = new Promise<string | undefined>((resolve) =>
          client.once('notification', (message) => resolve(message.payload)),
        );
        expect((await create(admin.token, { name: unique('Across'), color: 'green' })).status).toBe(201);
        expect(await heard).toBe('{}');
      });
      expect(await stream.events.nextEvent()).toEqual({ event: 'labels', data: '{}' });
      // Another instance's change: its NOTIFY reaches this instance's streams.
      await withClient(process.env.DATABASE_URL, (client) =>
        client.query("select pg_notify('tasklane_labels', '{}')"),
      );
      expect(await stream.events.nextEvent()).toEqual({ event: 'labels', data: '{}' });
      // A change made while the listener was down may be missed: after reconnecting it tells every stream.
      await restartSyncListener();
      const after = [
        await stream.events.nextEvent(),
        await stream.events.nextEvent(),
        await stream.events.nextEvent(),
      ];
      expect(after).toContainEqual({ event: 'labels', data: '{}' });
    });
  });
