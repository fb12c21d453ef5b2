import { Client } from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUT as putUser, DELETE as deleteUserRoute } from '@/app/admin/users/[email]/route';
import { POST as changePassword } from '@/app/api/auth/change-password/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { POST as resetPassword } from '@/app/api/reset-password/route';
import { getDatabase } from '@/server/db';
import { sha256Hex } from '@/server/digest';
import { hashResetToken } from '@/features/accounts/server/password-reset-service';
import { getSyncHub } from '@/server/realtime/hub';
import { openSyncStream } from '@/server/realtime/stream';
import { SESSIONS_CHANNEL } from '@/server/realtime/listener';
import { lastSyncSeq } from '@/features/sync/server/state';
import { call } from '@/tests/helpers/api';
import {
  createAdminWithToken,
  createUserWithToken,
  DEFAULT_PASSWORD,
  loginAs,
} from '@/tests/helpers/factories';
import { closeStreams, openLiveStream, openStream, type OpenedStream } from '@/tests/helpers/sse';
import { push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { getTestDialect, withClient } from '@/tests/setup/test-database';

/**
 * "Sessions end where they should": a change to an account closes that account's live sync
 * streams (here, and through NOTIFY on every PostgreSQL instance), after the change has committed.
 * "Within 5 s" is the wait limit of each read, not a timed assertion.
 */

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

afterEach(() => {
  closeStreams();
});

const NEW_PASSWORD = 'a brand new password';

/** The stream says `bye` and then ends. */
async function expectClosed(stream: OpenedStream): Promise<void> {
  expect(await stream.events.nextEvent(5_000)).toEqual({ event: 'bye', data: '{}' });
  expect(await stream.events.next(5_000)).toBeNull();
}

/** The stream is still open: it gets the poke of a push by its user. */
async function expectOpen(stream: OpenedStream, token: string, uid: string): Promise<void> {
  const { body } = await push(token, `device-${uid}`, [upsertOp(`op-${uid}`, uid, { title: uid })]);
  expect(await stream.events.nextPoke()).toBe(body.seq);
}

async function insertResetLink(userId: string, token: string): Promise<void> {
  const { db, tables } = await getDatabase();
  const now = new Date();
  await db.insert(tables.passwordResetTokens).values({
    id: crypto.randomUUID(),
    tokenHash: hashResetToken(token),
    userId,
    expiresAt: new Date(now.getTime() + 60 * 60_000),
    createdAt: now,
  });
}

function updateUser(adminToken: string, email: string, body: Record<string, unknown>) {
  return call(putUser, `/admin/users/${encodeURIComponent(email)}`, {
    token: adminToken,
    method: 'PUT',
    body,
    params: { email },
  });
}

describe('live streams end when the account’s sessions change', () => {
  it('a password change closes every stream of that user, and only theirs; the new token reconnects', async () => {
    const alice = await createUserWithToken();
    const bob = await createUserWithToken();
    const laptop = await openLiveStream(alice.token);
    const phone = await openLiveStream(alice.token, '198.51.100.7');
    const bobs = await openLiveStream(bob.token);

    const res = await call<{ token: string }>(changePassword, '/api/auth/change-password', {
      token: alice.token,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    await expectClosed(laptop);
    await expectClosed(phone);
    await expectOpen(bobs, bob.token, 'b1');
    // The old token is refused; the one the change returned opens a stream.
    expect((await openStream(alice.token)).status).toBe(401);
    expect((await openLiveStream(res.body.token)).status).toBe(200);
  });

  it('a logout closes the streams opened with that token (this device), and no other of the account', async () => {
    const alice = await createUserWithToken();
    const phoneToken = await loginAs(alice.user.email);
    const laptop = await openLiveStream(alice.token);
    const laptopAgain = await openLiveStream(alice.token);
    const phone = await openLiveStream(phoneToken, '198.51.100.7');
    const res = await call(logout, '/api/auth/logout', { token: alice.token, method: 'POST' });
    expect(res.status).toBe(204);
    await expectClosed(laptop);
    await expectClosed(laptopAgain);
    await expectOpen(phone, phoneToken, 'p1');
    // The logged-out token cannot open one again.
    expect((await openStream(alice.token)).status).toBe(401);
  });

  it('a password reset closes the user’s streams', async () => {
    const alice = await createUserWithToken();
    const stream = await openLiveStream(alice.token);
    await insertResetLink(alice.user.id, 'reset-token-1');
    const res = await call(resetPassword, '/api/reset-password', {
      body: { token: 'reset-token-1', password: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    await expectClosed(stream);
    expect((await openStream(alice.token)).status).toBe(401);
  });

  it('a role change closes the user’s streams; the same token reconnects with the new role', async () => {
    const admin = await createAdminWithToken();
    const alice = await createUserWithToken();
    const bob = await createUserWithToken();
    const stream = await openLiveStream(alice.token);
    const res = await updateUser(admin.token, alice.user.email, {
      fullName: alice.user.fullName,
      role: 'admin',
    });
    expect(res.status).toBe(200);
    await expectClosed(stream);
    // Reconnected, Alice is an admin now: she is poked for Bob's push too.
    const again = await openLiveStream(alice.token);
    const { body } = await push(bob.token, 'bob', [upsertOp('b1', 't1', { title: 'Bob’s' })]);
    expect(await again.events.nextPoke()).toBe(body.seq);
  });

  it('a name-only change leaves the streams open', async () => {
    const admin = await createAdminWithToken();
    const alice = await createUserWithToken();
    const stream = await openLiveStream(alice.token);
    const res = await updateUser(admin.token, alice.user.email, { fullName: 'Alice Renamed', role: 'user' });
    expect(res.status).toBe(200);
    await expectOpen(stream, alice.token, 'a1');
  });

  it('an email change closes the user’s streams and voids reset links sent to the old address', async () => {
    const admin = await createAdminWithToken();
    const alice = await createUserWithToken();
    await insertResetLink(alice.user.id, 'sent-to-old-address');
    const stream = await openLiveStream(alice.token);
    const res = await updateUser(admin.token, alice.user.email, {
      fullName: alice.user.fullName,
      role: 'user',
      email: 'alice.new@example.com',
    });
    expect(res.status).toBe(200);
    await expectClosed(stream);
    const reset = await call(resetPassword, '/api/reset-password', {
      body: { token: 'sent-to-old-address', password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual(expect.objectContaining({ code: 'INVALID_RESET_TOKEN' }));
  });

  it('deleting the account closes its streams, and it cannot reconnect', async () => {
    const admin = await createAdminWithToken();
    const alice = await createUserWithToken();
    const stream = await openLiveStream(alice.token);
    const res = await call(deleteUserRoute, `/admin/users/${encodeURIComponent(alice.user.email)}`, {
      token: admin.token,
      method: 'DELETE',
      params: { email: alice.user.email },
    });
    expect(res.status).toBe(200);
    await expectClosed(stream);
    expect((await openStream(alice.token)).status).toBe(401);
    expect(getSyncHub().size()).toBe(0);
  });
});

describe('a stream opening while the account changes', () => {
  it('says bye at once when the account was closed after its token was checked', async () => {
    const alice = await createUserWithToken();
    const actor = { id: alice.user.id, role: 'user' as const };
    const request = () => new Request('http://tasklane.test/api/sync/stream');
    // Token checked, then the account changed (its close reached the hub before this stream).
    const checkedAtMs = performance.now();
    getSyncHub().closeUsers([alice.user.id]);
    const late = await openSyncStream(request(), actor, {
      expiresAtMs: null,
      address: '203.0.113.10',
      checkedAtMs,
      lastSeq: lastSyncSeq,
    });
    expect(late.status).toBe(200);
    expect(await late.text()).toBe('retry: 5000\n\nevent: bye\ndata: {}\n\n');
    expect(getSyncHub().size()).toBe(0);
    // Checked after the change: opens as usual.
    const controller = new AbortController();
    const fresh = await openSyncStream(
      new Request('http://tasklane.test/api/sync/stream', { signal: controller.signal }),
      actor,
      {
        expiresAtMs: null,
        address: '203.0.113.10',
        checkedAtMs: performance.now() + 1,
        lastSeq: lastSyncSeq,
      },
    );
    expect(getSyncHub().size()).toBe(1);
    controller.abort();
    await fresh.body?.cancel();
    expect(getSyncHub().size()).toBe(0);
  });
});

describe('a stream opening while its token is logged out', () => {
  it('says bye at once when its session was closed after its token was checked', async () => {
    const alice = await createUserWithToken();
    const actor = { id: alice.user.id, role: 'user' as const };
    const session = sha256Hex(alice.token);
    const checkedAtMs = performance.now();
    getSyncHub().closeSessions([session]);
    const options = {
      expiresAtMs: null,
      address: '203.0.113.10',
      checkedAtMs,
      session,
      lastSeq: lastSyncSeq,
    };
    const late = await openSyncStream(new Request('http://tasklane.test/api/sync/stream'), actor, options);
    expect(await late.text()).toBe('retry: 5000\n\nevent: bye\ndata: {}\n\n');
    // Another session of the same account opens as usual.
    const controller = new AbortController();
    const other = await openSyncStream(
      new Request('http://tasklane.test/api/sync/stream', { signal: controller.signal }),
      actor,
      { ...options, session: sha256Hex('another token') },
    );
    expect(getSyncHub().size()).toBe(1);
    controller.abort();
    await other.body?.cancel();
    expect(getSyncHub().size()).toBe(0);
  });
});

// Other instances hear it through PostgreSQL (SQLite has one process and its hub).
if (getTestDialect() === 'postgres')
  describe('live streams end on every instance (PostgreSQL)', () => {
    it('closes the local streams of the users named by a NOTIFY from another instance', async () => {
      const alice = await createUserWithToken();
      const bob = await createUserWithToken();
      const alices = await openLiveStream(alice.token);
      const bobs = await openLiveStream(bob.token);
      await withClient(process.env.DATABASE_URL, (client) =>
        client.query('select pg_notify($1, $2)', [
          SESSIONS_CHANNEL,
          JSON.stringify({ users: [alice.user.id] }),
        ]),
      );
      await expectClosed(alices);
      await expectOpen(bobs, bob.token, 'b1');
    });

    it('closes the local streams of the sessions named by a NOTIFY from another instance, and no other', async () => {
      const alice = await createUserWithToken();
      const phoneToken = await loginAs(alice.user.email);
      const laptop = await openLiveStream(alice.token);
      const phone = await openLiveStream(phoneToken);
      await withClient(process.env.DATABASE_URL, (client) =>
        client.query('select pg_notify($1, $2)', [
          SESSIONS_CHANNEL,
          JSON.stringify({ users: [], sessions: [sha256Hex(alice.token)] }),
        ]),
      );
      await expectClosed(laptop);
      await expectOpen(phone, phoneToken, 'p1');
    });

    it('tells the other instances after a logout, naming the session (instances of the previous version read no user in it)', async () => {
      const alice = await createUserWithToken();
      const heard = await listenWhile(() =>
        call(logout, '/api/auth/logout', { token: alice.token, method: 'POST' }).then((res) =>
          expect(res.status).toBe(204),
        ),
      );
      expect(heard).toEqual([JSON.stringify({ users: [], sessions: [sha256Hex(alice.token)] })]);
    });

    it('tells the other instances after a password change, once it has committed', async () => {
      const alice = await createUserWithToken();
      const heard = await listenWhile(async () => {
        const res = await call(changePassword, '/api/auth/change-password', {
          token: alice.token,
          body: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
        });
        expect(res.status).toBe(200);
      });
      expect(heard).toEqual([JSON.stringify({ users: [alice.user.id] })]);
    });
  });

/** The sessions-ended payloads another PostgreSQL connection hears while `work` runs (and shortly after). */
async function listenWhile(work: () => Promise<unknown>): Promise<string[]> {
  const other = new Client({ connectionString: process.env.DATABASE_URL });
  await other.connect();
  try {
    const heard: string[] = [];
    other.on('notification', (message) => {
      if (message.channel === SESSIONS_CHANNEL) heard.push(message.payload ?? '');
    });
    await other.query(`listen ${SESSIONS_CHANNEL}`);
    await work();
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
    return heard;
  } finally {
    await other.end();
  }
}
