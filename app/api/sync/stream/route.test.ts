import type { Client } from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDatabase } from '@/server/db';
import { getSyncHub } from '@/server/realtime/hub';
import { LISTENER_APPLICATION_NAME, restartSyncListener } from '@/server/realtime/listener';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { closeStreams, openLiveStream, openStream } from '@/tests/helpers/sse';
import { assignTo, pull, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv, BASE_TEST_ENV } from '@/tests/setup/integration';
import { getTestDialect, withClient } from '@/tests/setup/test-database';
import { DELETE, PATCH, POST, PUT } from './route';

const PATH = '/api/sync/stream';

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

afterEach(() => {
  closeStreams();
});

/** Runs `test` with the env overrides on top of TEAM_SYNC=on, then puts the plain env back. */
async function withEnv(overrides: Record<string, string>, test: () => Promise<void>): Promise<void> {
  await applyTestEnv({ TEAM_SYNC: 'on', ...overrides });
  try {
    await test();
  } finally {
    closeStreams();
    // Variables the base env does not set are removed again.
    const added = Object.keys(overrides).filter((key) => !(key in BASE_TEST_ENV));
    await applyTestEnv({ TEAM_SYNC: 'on', ...Object.fromEntries(added.map((key) => [key, undefined])) });
  }
}

describe('GET /api/sync/stream: access', () => {
  it('answers 404 SYNC_DISABLED with TEAM_SYNC=off, before looking at the token', async () => {
    await withEnv({ TEAM_SYNC: 'off' }, async () => {
      for (const token of [undefined, 'not-a-token']) {
        const res = await openStream(token);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          message: 'Team sync is not enabled on this server.',
          code: 'SYNC_DISABLED',
        });
      }
    });
  });

  it('answers 401 without a valid token', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await openStream(token);
      expect(res.status).toBe(401);
      expect(res.body?.code).toBe('UNAUTHORIZED');
    }
    expect(getSyncHub().size()).toBe(0);
  });

  it('counts each stream opened on the sync rate limit', async () => {
    await withEnv({ RATE_LIMIT_SYNC_MAX: '2' }, async () => {
      const { token } = await createUserWithToken();
      expect((await openStream(token)).status).toBe(200);
      expect((await pull(token)).status).toBe(200);
      const limited = await openStream(token);
      expect(limited.status).toBe(429);
      expect(limited.body?.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await openStream(undefined)).status).toBe(401);
    });
  });

  it('answers 405 for other methods', async () => {
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ POST, PUT, PATCH, DELETE }, PATH, 'GET', { token });
  });

  it('answers 200 with an event stream: retry 5000, then a poke with the last push number', async () => {
    const alice = await createUserWithToken();
    await push(alice.token, 'laptop', [upsertOp('a1', 't1', { title: 'One' })]);
    await push(alice.token, 'laptop', [upsertOp('a2', 't2', { title: 'Two' })]);
    const res = await openStream(alice.token);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toEqual({
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    expect(await res.events.next()).toEqual({ retry: 5000 });
    expect(await res.events.next()).toEqual({ event: 'poke', data: '{"seq":2}' });
  });

  it('starts at seq 0 before the first push', async () => {
    const { token } = await createUserWithToken();
    expect((await openLiveStream(token)).firstSeq).toBe(0);
  });
});

describe('GET /api/sync/stream: caps', () => {
  const FULL = {
    message: 'Too many live update connections are open. Changes will still arrive, a little later.',
    code: 'SERVICE_UNAVAILABLE',
  };

  it('keeps at most 5 streams per user: the 6th closes the oldest with `replaced`', async () => {
    const { token } = await createUserWithToken();
    const streams = [];
    for (let index = 0; index < 5; index++) streams.push(await openLiveStream(token));
    expect(getSyncHub().size()).toBe(5);
    const sixth = await openLiveStream(token);
    expect(getSyncHub().size()).toBe(5);
    expect(await streams[0]!.events.nextEvent()).toEqual({ event: 'replaced', data: '{}' });
    expect(await streams[0]!.events.next()).toBeNull();
    // The others and the new one are still poked.
    const { body } = await push(token, 'laptop', [upsertOp('a1', 't1', { title: 'Still here' })]);
    for (const stream of [...streams.slice(1), sixth]) expect(await stream.events.nextPoke()).toBe(body.seq);
  });

  it('answers 503 with Retry-After beyond SYNC_STREAM_MAX_PER_ADDRESS streams from one address', async () => {
    await withEnv({ SYNC_STREAM_MAX_PER_ADDRESS: '2' }, async () => {
      const alice = await createUserWithToken();
      const bob = await createUserWithToken();
      await openLiveStream(alice.token, '198.51.100.1');
      await openLiveStream(bob.token, '198.51.100.1');
      const refused = await openStream(alice.token, '198.51.100.1');
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual(FULL);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(getSyncHub().size()).toBe(2);
      // Another address still gets one.
      expect((await openStream(alice.token, '198.51.100.2')).status).toBe(200);
    });
  });

  it('answers 503 beyond SYNC_STREAM_MAX_PER_INSTANCE streams, whoever asks', async () => {
    await withEnv({ SYNC_STREAM_MAX_PER_INSTANCE: '2' }, async () => {
      const alice = await createUserWithToken();
      const bob = await createUserWithToken();
      const carol = await createUserWithToken();
      await openLiveStream(alice.token, '198.51.100.1');
      await openLiveStream(bob.token, '198.51.100.2');
      const refused = await openStream(carol.token, '198.51.100.3');
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual(FULL);
      expect(getSyncHub().size()).toBe(2);
    });
  });

  it('replacing one of the user’s own streams is not refused at the instance cap', async () => {
    await withEnv({ SYNC_STREAM_MAX_PER_INSTANCE: '2', SYNC_STREAM_MAX_PER_USER: '1' }, async () => {
      const alice = await createUserWithToken();
      const bob = await createUserWithToken();
      const old = await openLiveStream(alice.token);
      await openLiveStream(bob.token);
      expect((await openStream(alice.token)).status).toBe(200);
      expect(await old.events.nextEvent()).toEqual({ event: 'replaced', data: '{}' });
      expect(getSyncHub().size()).toBe(2);
    });
  });

  it('limits how many streams one user opens per window (429 with Retry-After), apart from pulls', async () => {
    await withEnv({ RATE_LIMIT_SYNC_STREAM_MAX: '2' }, async () => {
      const { token } = await createUserWithToken();
      expect((await openStream(token)).status).toBe(200);
      expect((await openStream(token)).status).toBe(200);
      const limited = await openStream(token);
      expect(limited.status).toBe(429);
      expect(limited.body?.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await pull(token)).status).toBe(200);
    });
  });
});

describe('GET /api/sync/stream: who is poked', () => {
  it('pokes the pusher’s streams and the admins’ after a push, and not another member’s', async () => {
    const alice = await createUserWithToken();
    const bob = await createUserWithToken();
    const admin = await createAdminWithToken();
    const aliceLaptop = await openLiveStream(alice.token);
    const alicePhone = await openLiveStream(alice.token);
    const bobs = await openLiveStream(bob.token);
    const admins = await openLiveStream(admin.token);

    expect((await push(alice.token, 'laptop', [upsertOp('a1', 't1', { title: 'Mine' })])).body.seq).toBe(1);
    expect(await aliceLaptop.events.nextPoke()).toBe(1);
    expect(await alicePhone.events.nextPoke()).toBe(1);
    expect(await admins.events.nextPoke()).toBe(1);

    // Bob's next poke is for his own push: he never got Alice's.
    await push(bob.token, 'bob', [upsertOp('b1', 't2', { title: 'His' })]);
    expect(await bobs.events.nextPoke()).toBe(2);
    expect(await admins.events.nextPoke()).toBe(2);
    await push(alice.token, 'laptop', [upsertOp('a2', 't1', { title: 'Mine, again' }, { baseV: 1 })]);
    expect(await aliceLaptop.events.nextPoke()).toBe(3);
    expect(await alicePhone.events.nextPoke()).toBe(3);
    expect(await admins.events.nextPoke()).toBe(3);
  });

  it('pokes the owner and the assignee of a task, and the assignee it was taken from', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    const carol = await createUserWithToken({ fullName: 'Carol Clark' });
    const dave = await createUserWithToken({ fullName: 'Dave Dean' });
    const alices = await openLiveStream(alice.token);
    const bobs = await openLiveStream(bob.token);
    const carols = await openLiveStream(carol.token);
    const daves = await openLiveStream(dave.token);

    await push(alice.token, 'a', [upsertOp('a1', 't1', { title: 'Shared', ...assignTo(bob.user) })]);
    expect(await alices.events.nextPoke()).toBe(1);
    expect(await bobs.events.nextPoke()).toBe(1);
    // The assignee's edit reaches the owner.
    await push(bob.token, 'b', [upsertOp('b1', 't1', { title: 'Shared, edited' }, { baseV: 1 })]);
    expect(await alices.events.nextPoke()).toBe(2);
    expect(await bobs.events.nextPoke()).toBe(2);
    // Reassigned: Bob is poked to pull the task's `gone`, Carol to pull it.
    await push(alice.token, 'a', [upsertOp('a2', 't1', assignTo(carol.user), { baseV: 2 })]);
    expect(await alices.events.nextPoke()).toBe(3);
    expect(await bobs.events.nextPoke()).toBe(3);
    expect(await carols.events.nextPoke()).toBe(3);
    expect((await pull(bob.token, '2:')).body.gone).toEqual(['t1']);
    // Bob no longer sees it: his write is refused leaving no trace (issue 34): it takes no number
    // and pokes nobody.
    const refused = await push(bob.token, 'b', [
      upsertOp('b2', 't1', { title: 'Still mine?' }, { baseV: 3 }),
    ]);
    expect(refused.body).toMatchObject({ seq: 0, rejected: [{ opId: 'b2', reason: 'forbidden' }] });
    // Dave was never in any audience: his first poke is for his own push.
    await push(dave.token, 'd', [upsertOp('d1', 't9', { title: 'Dave’s' })]);
    expect(await daves.events.nextPoke()).toBe(4);
    // Nor are the others in his: their next poke is the next push on the shared task.
    await push(alice.token, 'a', [upsertOp('a3', 't1', { title: 'For Carol' }, { baseV: 3 })]);
    for (const stream of [alices, carols]) expect(await stream.events.nextPoke()).toBe(5);
  });

  it('pokes nobody for a replayed push (seq 0), and each push once', async () => {
    const alice = await createUserWithToken();
    const admin = await createAdminWithToken();
    const alices = await openLiveStream(alice.token);
    const admins = await openLiveStream(admin.token);
    const ops = [upsertOp('a1', 't1', { title: 'Once' })];
    expect((await push(alice.token, 'laptop', ops)).body.seq).toBe(1);
    expect((await push(alice.token, 'laptop', ops)).body.seq).toBe(0);
    expect((await push(alice.token, 'laptop', [upsertOp('a2', 't2', { title: 'Twice' })])).body.seq).toBe(2);
    for (const stream of [alices, admins]) {
      expect(await stream.events.nextPoke()).toBe(1);
      expect(await stream.events.nextPoke()).toBe(2);
    }
  });
});

describe('GET /api/sync/stream: life of a stream', () => {
  it('sends a `: ping` comment every SYNC_STREAM_HEARTBEAT_MS', async () => {
    await withEnv({ SYNC_STREAM_HEARTBEAT_MS: '20' }, async () => {
      const { token } = await createUserWithToken();
      const started = Date.now();
      const stream = await openLiveStream(token);
      expect(await stream.events.next()).toEqual({ comment: 'ping' });
      expect(await stream.events.next()).toEqual({ comment: 'ping' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(39);
    });
  });

  it('ends with `bye` after SYNC_STREAM_MAX_MS, and leaves the hub', async () => {
    await withEnv({ SYNC_STREAM_MAX_MS: '150' }, async () => {
      const before = getSyncHub().size();
      const { token } = await createUserWithToken();
      const started = Date.now();
      const stream = await openLiveStream(token);
      expect(getSyncHub().size()).toBe(before + 1);
      expect(await stream.events.nextEvent()).toEqual({ event: 'bye', data: '{}' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      expect(await stream.events.next()).toBeNull();
      expect(getSyncHub().size()).toBe(before);
    });
  });

  it('ends with `bye` when its token expires, if that comes first', async () => {
    // 2 s: the token's expiry is whole seconds, so it has 1 to 2 s left when the stream opens.
    await withEnv({ AUTH_TOKEN_TTL: '2s' }, async () => {
      const { token } = await createUserWithToken();
      const exp = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number })
        .exp;
      const stream = await openLiveStream(token);
      expect(await stream.events.nextEvent(4_000)).toEqual({ event: 'bye', data: '{}' });
      expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000 - 5);
      expect(await stream.events.next()).toBeNull();
    });
  });

  it('leaves the hub when the client aborts or cancels, and the body ends', async () => {
    const { token } = await createUserWithToken();
    const before = getSyncHub().size();
    const aborted = await openLiveStream(token);
    const cancelled = await openLiveStream(token);
    expect(getSyncHub().size()).toBe(before + 2);
    aborted.abort();
    expect(getSyncHub().size()).toBe(before + 1);
    expect(await aborted.events.next()).toBeNull();
    await cancelled.events.cancel();
    expect(getSyncHub().size()).toBe(before);
    // A push after they left reaches nobody and breaks nothing.
    expect((await push(token, 'laptop', [upsertOp('a1', 't1', { title: 'After' })])).status).toBe(200);
  });

  it('ends a stream whose reader has stopped reading once 256 events wait', async () => {
    await withEnv({ SYNC_STREAM_HEARTBEAT_MS: '1' }, async () => {
      const { token } = await createUserWithToken();
      const before = getSyncHub().size();
      const stream = await openStream(token);
      expect(getSyncHub().size()).toBe(before + 1);
      await vi.waitFor(() => expect(getSyncHub().size()).toBe(before), { timeout: 5_000, interval: 20 });
      // What was queued can still be read, up to the end.
      let pings = 0;
      for (let block = await stream.events.next(); block !== null; block = await stream.events.next()) {
        if (block.comment === 'ping') pings += 1;
      }
      expect(pings).toBeGreaterThanOrEqual(256);
    });
  });

  // The leak bar: no stream or listener left behind after 1,000 streams opened and closed.
  it('holds no stream after 1,000 opened and closed, and (PostgreSQL) exactly one listener', async () => {
    // Two users: one may hold 5 streams (SYNC_STREAM_MAX_PER_USER).
    const tokens = [(await createUserWithToken()).token, (await createUserWithToken()).token];
    expect(getSyncHub().size()).toBe(0);
    // In batches of 10 open at once: 1,000 one after the other take over 15 s on PostgreSQL.
    for (let batch = 0; batch < 100; batch++) {
      const streams = await Promise.all(
        Array.from({ length: 10 }, (_, index) => openStream(tokens[index % 2])),
      );
      expect(streams.map((stream) => stream.status)).toEqual(Array(10).fill(200));
      expect(getSyncHub().size()).toBe(10);
      await Promise.all(
        streams.map((stream, index) => (index % 2 === 0 ? stream.abort() : stream.events.cancel())),
      );
    }
    expect(getSyncHub().size()).toBe(0);
    if (getTestDialect() === 'postgres') {
      // A connection an earlier test dropped may take a moment to leave pg_stat_activity.
      await vi.waitFor(async () => expect(await listenerConnections()).toBe(1), {
        timeout: 5_000,
        interval: 20,
      });
    }
  }, 60_000);
});

/** The sync listener connections open on the test database (the listener's application_name). */
function listenerConnections(): Promise<number> {
  return withClient(process.env.DATABASE_URL, async (client) => {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) from pg_stat_activity
      where datname = current_database() and application_name = $1`,
      [LISTENER_APPLICATION_NAME],
    );
    return Number(rows[0]?.count);
  });
}

// Cross-instance fan-out exists on PostgreSQL only (SQLite has one process and its hub).
if (getTestDialect() === 'postgres')
  describe('GET /api/sync/stream on PostgreSQL', () => {
    /** Another instance: a connection of its own to the same database. */
    const otherInstance = <T>(run: (client: Client) => Promise<T>) =>
      withClient(process.env.DATABASE_URL, run);

    /** The comments event an instance sends every stream after its listener reconnects. */
    const ANY_THREAD = { event: 'comments', data: '{"task":null}' };
    /** After a reconnect the label set may have changed too: every page reads it again. */
    const LABELS = { event: 'labels', data: '{}' };
    /** And so may the projects. */
    const PROJECTS = { event: 'projects', data: '{}' };

    const notify = (payload: object) =>
      otherInstance((client) =>
        client.query('select pg_notify($1, $2)', ['tasklane_sync', JSON.stringify(payload)]),
      );

    it('pokes local streams for a NOTIFY sent by another instance, to its audience only', async () => {
      const alice = await createUserWithToken();
      const bob = await createUserWithToken();
      const alices = await openLiveStream(alice.token);
      const bobs = await openLiveStream(bob.token);
      await notify({ seq: 41, users: [alice.user.id] });
      await notify({ seq: 42, users: null });
      expect(await alices.events.nextPoke()).toBe(41);
      expect(await alices.events.nextPoke()).toBe(42);
      expect(await bobs.events.nextPoke()).toBe(42);
    });

    it('pokes every stream after restartSyncListener(), and later notifies still arrive', async () => {
      const alice = await createUserWithToken();
      await push(alice.token, 'laptop', [upsertOp('a1', 't1', { title: 'Before' })]);
      const alices = await openLiveStream(alice.token);
      await restartSyncListener();
      expect(await alices.events.nextPoke()).toBe(1);
      // Comments written meanwhile are not in a pull: every open thread is told to look again.
      expect(await alices.events.nextEvent()).toEqual(ANY_THREAD);
      expect(await alices.events.nextEvent()).toEqual(LABELS);
      expect(await alices.events.nextEvent()).toEqual(PROJECTS);
      await notify({ seq: 43, users: [alice.user.id] });
      expect(await alices.events.nextPoke()).toBe(43);
      await push(alice.token, 'laptop', [upsertOp('a2', 't2', { title: 'After' })]);
      expect(await alices.events.nextPoke()).toBe(2);
    });

    it('closes the listener’s connection with the database', async () => {
      const { token } = await createUserWithToken();
      await openLiveStream(token);
      closeStreams();
      // A connection the previous test dropped may take a moment to leave pg_stat_activity.
      await vi.waitFor(async () => expect(await listenerConnections()).toBe(1), {
        timeout: 5_000,
        interval: 20,
      });
      await closeDatabase();
      await vi.waitFor(async () => expect(await listenerConnections()).toBe(0), {
        timeout: 5_000,
        interval: 20,
      });
    });

    it('reconnects by itself when the server drops its connection, then pokes every stream', async () => {
      const alice = await createUserWithToken();
      const alices = await openLiveStream(alice.token);
      const { rowCount } = await otherInstance((client) =>
        client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'tasklane-sync-listener'`,
        ),
      );
      expect(rowCount).toBeGreaterThanOrEqual(1);
      expect(await alices.events.nextPoke()).toBe(0);
      expect(await alices.events.nextEvent()).toEqual(ANY_THREAD);
      expect(await alices.events.nextEvent()).toEqual(LABELS);
      expect(await alices.events.nextEvent()).toEqual(PROJECTS);
      await push(alice.token, 'laptop', [upsertOp('a1', 't1', { title: 'After the drop' })]);
      expect(await alices.events.nextPoke()).toBe(1);
    });
  });
