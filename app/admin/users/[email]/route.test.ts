import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuthenticatedUser } from '@/server/authenticated-user';
import { getDatabase } from '@/server/db';
import { AppError } from '@/server/errors';
import { hashResetToken } from '@/features/accounts/server/password-reset-service';
import { deleteUser, updateUser } from '@/features/accounts/server/user-service';
import { call, type CallOptions } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUser, createUserWithToken } from '@/tests/helpers/factories';
import { GET as listUsers } from '../route';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const CREATED_AT = new Date('2024-05-06T07:08:09.010Z');

function pathFor(email: string) {
  return `/admin/users/${encodeURIComponent(email)}`;
}

/** PUT as the route receives it: the path param is whatever the client put in the URL. */
function put(param: string, options: Omit<CallOptions, 'params' | 'method'>) {
  return call(PUT, pathFor(param), { ...options, method: 'PUT', params: { email: param } });
}

function del(param: string, options: Omit<CallOptions, 'params' | 'method'>) {
  return call(DELETE, pathFor(param), { ...options, method: 'DELETE', params: { email: param } });
}

async function findUser(email: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.users).where(eq(tables.users.email, email));
  return row;
}

async function findUserById(id: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.users).where(eq(tables.users.id, id));
  return row;
}

async function allUsers() {
  const { db, tables } = await getDatabase();
  return db.select().from(tables.users);
}

async function insertResetToken(userId: string) {
  const { db, tables } = await getDatabase();
  const now = new Date();
  await db.insert(tables.passwordResetTokens).values({
    id: randomUUID(),
    tokenHash: hashResetToken(`token-for-${userId}`),
    userId,
    expiresAt: new Date(now.getTime() + 60 * 60_000),
    createdAt: now,
  });
}

async function resetTokensOf(userId: string) {
  const { db, tables } = await getDatabase();
  return db.select().from(tables.passwordResetTokens).where(eq(tables.passwordResetTokens.userId, userId));
}

/** Catches the AppError a service call throws, so its code and message can be asserted. */
async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to throw an AppError');
}

describe('PUT /admin/users/{email}', () => {
  it('updates fullName and role, answers 200 with the public user and changes the row', async () => {
    const { token } = await createAdminWithToken();
    const target = await createUser({
      fullName: 'Before Name',
      email: 'target@example.com',
      createdAt: CREATED_AT,
    });

    const res = await put('target@example.com', {
      token,
      body: { fullName: 'After Name', email: 'target@example.com', role: 'user' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      fullName: 'After Name',
      email: 'target@example.com',
      role: 'user',
      createdAt: CREATED_AT.toISOString(),
      message: 'User updated.',
    });
    expect(res.text).not.toMatch(/passwordHash|sessionVersion|"id"/);
    expect(res.text).not.toContain(target.id);

    const row = await findUserById(target.id);
    expect(row).toMatchObject({ fullName: 'After Name', email: 'target@example.com', role: 'user' });
    expect(row?.createdAt.toISOString()).toBe(CREATED_AT.toISOString());
    expect(row?.passwordHash).toBe(target.passwordHash);
    expect(row?.sessionVersion).toBe(0);
    expect(row!.updatedAt.getTime()).toBeGreaterThan(target.updatedAt.getTime());
  });

  it('trims the fullName it stores', async () => {
    const { token } = await createAdminWithToken();
    await createUser({ email: 'trim@example.com' });
    const res = await put('trim@example.com', { token, body: { fullName: '  Spaced Out  ', role: 'user' } });
    expect(res.status).toBe(200);
    expect(res.body.fullName).toBe('Spaced Out');
    expect((await findUser('trim@example.com'))?.fullName).toBe('Spaced Out');
  });

  it('keeps the email when the body leaves it out', async () => {
    const { token } = await createAdminWithToken();
    await createUser({ email: 'keep@example.com' });
    const res = await put('keep@example.com', { token, body: { fullName: 'Kept', role: 'user' } });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('keep@example.com');
    expect((await findUser('keep@example.com'))?.fullName).toBe('Kept');
  });

  it.each([
    ['percent-encoded', encodeURIComponent('Mixed.Case+tag@Example.com')],
    ['plain', 'mixed.case+tag@example.com'],
    ['upper-case', 'MIXED.CASE+TAG@EXAMPLE.COM'],
    ['surrounded by spaces', '  Mixed.Case+tag@Example.COM  '],
    ['encoded with spaces', encodeURIComponent('  MIXED.case+tag@example.com ')],
  ])('finds the user from a %s path email', async (_label, param) => {
    const { token } = await createAdminWithToken();
    const target = await createUser({ email: 'mixed.case+tag@example.com' });
    const res = await put(param, { token, body: { fullName: 'Found', role: 'user' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.email).toBe('mixed.case+tag@example.com');
    expect((await findUserById(target.id))?.fullName).toBe('Found');
  });

  it('changes the email (normalised); the old email then answers 404', async () => {
    const { token } = await createAdminWithToken();
    const target = await createUser({ email: 'old@example.com' });

    const res = await put('old@example.com', {
      token,
      body: { fullName: 'Moved', email: '  New@Example.com ', role: 'user' },
    });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('new@example.com');
    expect((await findUserById(target.id))?.email).toBe('new@example.com');
    expect(await findUser('old@example.com')).toBeUndefined();

    const again = await put('old@example.com', { token, body: { fullName: 'Moved', role: 'user' } });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'User not found.', code: 'NOT_FOUND' });
    const viaNew = await put('new@example.com', { token, body: { fullName: 'Moved Again', role: 'user' } });
    expect(viaNew.status).toBe(200);
  });

  it('a changed email is unproved again; a kept one stays proved (ADR 0042)', async () => {
    const { token } = await createAdminWithToken();
    const proved = new Date('2026-11-01T00:00:00Z');
    const kept = await createUser({ email: 'kept@example.com', emailConfirmedAt: proved });
    const moved = await createUser({ email: 'moving@example.com', emailConfirmedAt: proved });
    await put('kept@example.com', { token, body: { fullName: 'Kept', role: 'user' } });
    await put('moving@example.com', {
      token,
      body: { fullName: 'Moved', email: 'moved@example.com', role: 'user' },
    });
    expect((await findUserById(kept.id))?.emailConfirmedAt).toEqual(proved);
    expect((await findUserById(moved.id))?.emailConfirmedAt).toBeNull();
  });

  it('answers 409 EMAIL_TAKEN when the new email belongs to someone else (any letter case)', async () => {
    const { token } = await createAdminWithToken();
    const target = await createUser({ fullName: 'Target', email: 'target@example.com' });
    const other = await createUser({ fullName: 'Other', email: 'other@example.com' });

    const res = await put('target@example.com', {
      token,
      body: { fullName: 'Renamed', email: 'OTHER@example.com', role: 'admin' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: expect.any(String), code: 'EMAIL_TAKEN' });
    expect(await findUserById(target.id)).toMatchObject({
      fullName: 'Target',
      email: 'target@example.com',
      role: 'user',
    });
    expect(await findUserById(other.id)).toMatchObject({ fullName: 'Other', email: 'other@example.com' });
  });

  it('answers 404 NOT_FOUND for an unknown email and for a path that is not an email', async () => {
    const { token } = await createAdminWithToken();
    for (const param of ['nobody@example.com', 'not-an-email', '%E0%A4%A', '']) {
      const res = await put(param, { token, body: { fullName: 'Ghost', role: 'user' } });
      expect(res.status, param).toBe(404);
      expect(res.body, param).toEqual({ message: 'User not found.', code: 'NOT_FOUND' });
    }
    expect(await allUsers()).toHaveLength(1);
  });

  it.each([
    [{ email: 'v@example.com', role: 'user' }, 'Full name is required.'],
    [{ fullName: '   ', role: 'user' }, 'Full name is required.'],
    [{ fullName: 'Valid', role: 'root' }, 'Role must be "user" or "admin".'],
    [{ fullName: 'Valid' }, 'Role must be "user" or "admin".'],
    [{ fullName: 'x'.repeat(101), role: 'user' }, 'Full name must be at most 100 characters.'],
    [{ fullName: 'Line\nbreak', role: 'user' }, 'Full name must not contain control characters.'],
    [
      { fullName: 'Carol\u200dDiaz', role: 'user' },
      'Full name must not contain invisible characters or text-direction marks. Type the name again without pasting it.',
    ],
    [{ fullName: 'Valid', email: 'not-an-email', role: 'user' }, 'Enter a valid email address.'],
  ])('answers 400 VALIDATION_ERROR for %j and leaves the row alone', async (body, message) => {
    const { token } = await createAdminWithToken();
    const target = await createUser({ fullName: 'Unchanged', email: 'v@example.com' });
    const res = await put('v@example.com', { token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
    expect(await findUserById(target.id)).toMatchObject({
      fullName: 'Unchanged',
      email: 'v@example.com',
      role: 'user',
    });
  });

  it('accepts a fullName of exactly 100 characters', async () => {
    const { token } = await createAdminWithToken();
    await createUser({ email: 'long@example.com' });
    const fullName = 'y'.repeat(100);
    const res = await put('long@example.com', { token, body: { fullName, role: 'user' } });
    expect(res.status).toBe(200);
    expect((await findUser('long@example.com'))?.fullName).toBe(fullName);
  });

  it('answers 400 INVALID_JSON for malformed JSON, an empty body and a non-object', async () => {
    const { token } = await createAdminWithToken();
    await createUser({ fullName: 'Unchanged', email: 'json@example.com' });
    for (const rawBody of ['{"fullName": "x",', '', '[1,2]', '"text"', 'null']) {
      const res = await put('json@example.com', { token, rawBody });
      expect(res.status, rawBody).toBe(400);
      expect(res.body, rawBody).toEqual({ message: expect.any(String), code: 'INVALID_JSON' });
    }
    expect((await findUser('json@example.com'))?.fullName).toBe('Unchanged');
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a 1 MB body', async () => {
    const { token } = await createAdminWithToken();
    await createUser({ fullName: 'Unchanged', email: 'big@example.com' });
    const rawBody = JSON.stringify({ fullName: 'x'.repeat(1024 * 1024), role: 'user' });
    const res = await put('big@example.com', { token, rawBody });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    expect((await findUser('big@example.com'))?.fullName).toBe('Unchanged');
  });

  it('promotes a user to admin, who can then use the admin API', async () => {
    const { token } = await createAdminWithToken();
    const { user, token: userToken } = await createUserWithToken({ email: 'promote@example.com' });
    expect((await call(listUsers, '/admin/users', { token: userToken })).status).toBe(403);

    const res = await put('promote@example.com', { token, body: { fullName: user.fullName, role: 'admin' } });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
    expect((await findUserById(user.id))?.role).toBe('admin');
    // The role is read from the database, so the token issued before the promotion now works.
    expect((await call(listUsers, '/admin/users', { token: userToken })).status).toBe(200);
  });

  it('demotes another admin when two admins exist', async () => {
    const { token } = await createAdminWithToken();
    const { user: other, token: otherToken } = await createAdminWithToken({
      email: 'second-admin@example.com',
    });
    const res = await put('second-admin@example.com', {
      token,
      body: { fullName: other.fullName, role: 'user' },
    });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('user');
    expect((await findUserById(other.id))?.role).toBe('user');
    expect((await call(listUsers, '/admin/users', { token: otherToken })).status).toBe(403);
  });

  it('answers 409 SELF_CHANGE when an admin removes their own admin role, even with another admin around', async () => {
    const { user: me, token } = await createAdminWithToken({ email: 'me@example.com' });
    await createUser({ role: 'admin' });
    const res = await put('ME@example.com', { token, body: { fullName: 'Me', role: 'user' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: expect.any(String), code: 'SELF_CHANGE' });
    expect(await findUserById(me.id)).toMatchObject({ role: 'admin', fullName: me.fullName });
  });

  it('lets an admin edit their own name and email while staying admin', async () => {
    const { user: me, token } = await createAdminWithToken({ email: 'me@example.com' });
    const res = await put('me@example.com', {
      token,
      body: { fullName: 'Renamed Me', email: 'me2@example.com', role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(await findUserById(me.id)).toMatchObject({
      fullName: 'Renamed Me',
      email: 'me2@example.com',
      role: 'admin',
    });
    // The token names the user by id, so it survives the email change.
    expect((await call(listUsers, '/admin/users', { token })).status).toBe(200);
  });

  it('stores SQL and script strings in fullName verbatim', async () => {
    const { token } = await createAdminWithToken();
    const target = await createUser({ email: 'bobby@example.com' });
    const fullName = `Robert'); DROP TABLE users;-- <script>alert("x")</script> \\ %_`;
    const res = await put('bobby@example.com', { token, body: { fullName, role: 'user' } });
    expect(res.status).toBe(200);
    expect(res.body.fullName).toBe(fullName);
    expect((await findUserById(target.id))?.fullName).toBe(fullName);
    expect(await allUsers()).toHaveLength(2);
  });

  it('does not treat LIKE wildcards in the path as patterns', async () => {
    const { token } = await createAdminWithToken();
    const target = await createUser({ fullName: 'Unchanged', email: 'abc@example.com' });
    const res = await put('a_c@example.com', { token, body: { fullName: 'Wildcard', role: 'user' } });
    expect(res.status).toBe(404);
    expect((await findUserById(target.id))?.fullName).toBe('Unchanged');
  });

  it('answers 401 without a token and 403 for a user token, leaving the row unchanged', async () => {
    const { token: userToken } = await createUserWithToken();
    const target = await createUser({ fullName: 'Unchanged', email: 'guarded@example.com' });
    const body = { fullName: 'Hacked', email: 'hacked@example.com', role: 'admin' };

    const anonymous = await put('guarded@example.com', { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });

    const garbage = await put('guarded@example.com', { body, token: 'garbage' });
    expect(garbage.status).toBe(401);

    const forbidden = await put('guarded@example.com', { body, token: userToken });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: expect.any(String), code: 'FORBIDDEN' });

    expect(await findUserById(target.id)).toMatchObject({
      fullName: 'Unchanged',
      email: 'guarded@example.com',
      role: 'user',
      updatedAt: target.updatedAt,
    });
  });

  it('answers 401 before looking at the body or the path', async () => {
    const res = await put('nobody@example.com', { rawBody: '{broken' });
    expect(res.status).toBe(401);
  });
});

describe('last-admin rule (service level)', () => {
  /*
   * Through the API the LAST_ADMIN branch cannot be reached: the actor must be an admin in the
   * database (requireAdmin reads the role on every call) and SELF_CHANGE covers the actor's own
   * row, so any other admin target means at least two admins exist. The service is therefore
   * called directly with an actor who is not an admin in the database (for example one demoted
   * between the guard and the service call) to prove the rule still holds.
   */
  async function outsiderActor(): Promise<AuthenticatedUser> {
    const row = await createUser({ role: 'user', email: 'outsider@example.com' });
    return { id: row.id, email: row.email, fullName: row.fullName, role: 'admin', sessionVersion: 0 };
  }

  it('updateUser refuses to demote the only admin with LAST_ADMIN', async () => {
    const actor = await outsiderActor();
    const onlyAdmin = await createUser({ role: 'admin', email: 'only-admin@example.com' });
    const error = await appErrorOf(
      updateUser({ actor, email: 'only-admin@example.com', input: { fullName: 'Only', role: 'user' } }),
    );
    expect(error.code).toBe('LAST_ADMIN');
    expect(error.status).toBe(409);
    expect((await findUserById(onlyAdmin.id))?.role).toBe('admin');

    // Keeping the role admin is fine: only a demotion is refused.
    const kept = await updateUser({
      actor,
      email: 'only-admin@example.com',
      input: { fullName: 'Only Renamed', role: 'admin' },
    });
    expect(kept).toMatchObject({ fullName: 'Only Renamed', role: 'admin' });
  });

  it('deleteUser refuses to delete the only admin with LAST_ADMIN', async () => {
    const actor = await outsiderActor();
    const onlyAdmin = await createUser({ role: 'admin', email: 'only-admin@example.com' });
    const error = await appErrorOf(deleteUser({ actor, email: 'only-admin@example.com' }));
    expect(error.code).toBe('LAST_ADMIN');
    expect(error.status).toBe(409);
    expect(await findUserById(onlyAdmin.id)).toBeDefined();
  });
});

describe('last-admin rule under concurrent requests', () => {
  /*
   * Each admin's request passes the guard and sees "another admin remains"; without the check and
   * the write running exclusively, both succeed and no admin is left. The interleaving is up to
   * the scheduler, so a few rounds are run to make a regression very likely to show.
   */
  const ROUNDS = 5;

  async function twoAdmins(round: number) {
    const { db, tables } = await getDatabase();
    await db.delete(tables.users);
    const a = await createAdminWithToken({ email: `a${round}@example.com` });
    const b = await createAdminWithToken({ email: `b${round}@example.com` });
    return { a, b };
  }

  async function adminCount() {
    return (await allUsers()).filter((row) => row.role === 'admin').length;
  }

  const asActor = (row: { id: string; email: string; fullName: string }): AuthenticatedUser => ({
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: 'admin',
    sessionVersion: 0,
  });

  it('service: updateUser calls started together cannot demote both admins', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { a, b } = await twoAdmins(round);
      // Started in the same tick, with no token check in front, the two calls' queries interleave.
      const results = await Promise.allSettled([
        updateUser({ actor: asActor(a.user), email: b.user.email, input: { fullName: 'B', role: 'user' } }),
        updateUser({ actor: asActor(b.user), email: a.user.email, input: { fullName: 'A', role: 'user' } }),
      ]);
      expect(await adminCount(), `round ${round}`).toBe(1);
      expect(
        results.filter((result) => result.status === 'fulfilled'),
        `round ${round}`,
      ).toHaveLength(1);
      const rejected = results.find((result) => result.status === 'rejected');
      expect((rejected?.reason as AppError | undefined)?.code, `round ${round}`).toBe('LAST_ADMIN');
    }
  });

  it('service: deleteUser calls started together cannot delete both admins', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { a, b } = await twoAdmins(round);
      const results = await Promise.allSettled([
        deleteUser({ actor: asActor(a.user), email: b.user.email }),
        deleteUser({ actor: asActor(b.user), email: a.user.email }),
      ]);
      expect(await adminCount(), `round ${round}`).toBe(1);
      expect(
        results.filter((result) => result.status === 'fulfilled'),
        `round ${round}`,
      ).toHaveLength(1);
      const rejected = results.find((result) => result.status === 'rejected');
      expect((rejected?.reason as AppError | undefined)?.code, `round ${round}`).toBe('LAST_ADMIN');
    }
  });

  it('two admins demoting each other at the same time leave one admin', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { a, b } = await twoAdmins(round);
      const results = await Promise.all([
        put(b.user.email, { token: a.token, body: { fullName: 'B', role: 'user' } }),
        put(a.user.email, { token: b.token, body: { fullName: 'A', role: 'user' } }),
      ]);
      expect(await adminCount(), `round ${round}`).toBe(1);
      // One wins; the loser is refused by the guard (already demoted) or by the last-admin rule.
      const [winner, loser] = [...results].sort((x, y) => x.status - y.status);
      expect(winner?.status, `round ${round}`).toBe(200);
      expect(['FORBIDDEN', 'LAST_ADMIN'], `round ${round}`).toContain(loser?.body.code);
    }
  });

  it('two admins deleting each other at the same time leave one admin', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { a, b } = await twoAdmins(round);
      const results = await Promise.all([
        del(b.user.email, { token: a.token }),
        del(a.user.email, { token: b.token }),
      ]);
      expect(await adminCount(), `round ${round}`).toBe(1);
      expect(await allUsers(), `round ${round}`).toHaveLength(1);
      const [winner, loser] = [...results].sort((x, y) => x.status - y.status);
      expect(winner?.status, `round ${round}`).toBe(200);
      expect(['UNAUTHORIZED', 'LAST_ADMIN'], `round ${round}`).toContain(loser?.body.code);
    }
  });
});

describe('DELETE /admin/users/{email}', () => {
  it('deletes the user, answers 200 { message } and cascades their reset tokens', async () => {
    const { token } = await createAdminWithToken();
    const target = await createUser({ email: 'gone@example.com' });
    const bystander = await createUser({ email: 'stays@example.com' });
    await insertResetToken(target.id);
    await insertResetToken(bystander.id);
    expect(await resetTokensOf(target.id)).toHaveLength(1);

    const res = await del('gone@example.com', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.stringContaining('gone@example.com') });
    expect(await findUserById(target.id)).toBeUndefined();
    expect(await resetTokensOf(target.id)).toHaveLength(0);
    expect(await findUserById(bystander.id)).toBeDefined();
    expect(await resetTokensOf(bystander.id)).toHaveLength(1);

    const again = await del('gone@example.com', { token });
    expect(again.status).toBe(404);
  });

  it('finds the user from a percent-encoded, upper-case path', async () => {
    const { token } = await createAdminWithToken();
    const target = await createUser({ email: 'enc+tag@example.com' });
    const res = await del(encodeURIComponent(' ENC+Tag@Example.com '), { token });
    expect(res.status).toBe(200);
    expect(await findUserById(target.id)).toBeUndefined();
  });

  it('deletes another admin when two exist; their token then gets 401', async () => {
    const { token } = await createAdminWithToken();
    const { user: other, token: otherToken } = await createAdminWithToken({
      email: 'other-admin@example.com',
    });
    expect((await call(listUsers, '/admin/users', { token: otherToken })).status).toBe(200);

    const res = await del('other-admin@example.com', { token });
    expect(res.status).toBe(200);
    expect(await findUserById(other.id)).toBeUndefined();

    const after = await call(listUsers, '/admin/users', { token: otherToken });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
  });

  it('a deleted user gets 401 (not 403) on the admin API', async () => {
    const { token } = await createAdminWithToken();
    const { user, token: userToken } = await createUserWithToken({ email: 'plain@example.com' });
    expect((await del('plain@example.com', { token })).status).toBe(200);
    expect(await findUserById(user.id)).toBeUndefined();
    expect(
      (await put('plain@example.com', { token: userToken, body: { fullName: 'x', role: 'user' } })).status,
    ).toBe(401);
  });

  it('answers 409 SELF_CHANGE when an admin deletes themself, even with another admin around', async () => {
    const { user: me, token } = await createAdminWithToken({ email: 'me@example.com' });
    await createUser({ role: 'admin' });
    const res = await del(encodeURIComponent('Me@Example.com'), { token });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: expect.any(String), code: 'SELF_CHANGE' });
    expect(await findUserById(me.id)).toBeDefined();
  });

  it('answers 404 NOT_FOUND for an unknown email', async () => {
    const { token } = await createAdminWithToken();
    await createUser();
    const res = await del('nobody@example.com', { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'User not found.', code: 'NOT_FOUND' });
    expect(await allUsers()).toHaveLength(2);
  });

  it('answers 401 without a token and 403 for a user token, leaving the row in place', async () => {
    const { token: userToken } = await createUserWithToken();
    const target = await createUser({ email: 'guarded@example.com' });

    const anonymous = await del('guarded@example.com', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });

    const forbidden = await del('guarded@example.com', { token: userToken });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: expect.any(String), code: 'FORBIDDEN' });

    expect(await findUserById(target.id)).toMatchObject({
      email: 'guarded@example.com',
      updatedAt: target.updatedAt,
    });
    expect(await allUsers()).toHaveLength(2);
  });
});

describe('other methods on /admin/users/{email}', () => {
  it('answer 405 in JSON with Allow: PUT, DELETE', async () => {
    const { token } = await createAdminWithToken();
    await createUser({ email: 'x@example.com' });
    await expectMethodNotAllowed({ GET, POST, PATCH }, pathFor('x@example.com'), 'PUT, DELETE', {
      token,
      params: { email: 'x@example.com' },
      body: { fullName: 'x', role: 'admin' },
    });
    expect((await findUser('x@example.com'))?.role).toBe('user');
  });
});
