// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const handleSessionExpired = vi.fn();
vi.mock('../session/session-expiry', () => ({ handleSessionExpired }));

const { requestJson } = await import('./http');

function respond(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

beforeEach(() => {
  localStorage.clear();
  handleSessionExpired.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a 401 to a stored token', () => {
  it('ends the session', async () => {
    localStorage.setItem('token', 'stale-token');
    respond(401, {
      message: 'Your session is invalid or has expired. Please log in again.',
      code: 'UNAUTHORIZED',
    });
    await expect(requestJson('/admin/users')).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(handleSessionExpired).toHaveBeenCalledOnce();
  });

  it('is just an error when no token was sent (a wrong password at login)', async () => {
    localStorage.setItem('token', 'some-token');
    respond(401, { message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' });
    await expect(
      requestJson('/api/auth/login', { method: 'POST', body: {}, auth: false }),
    ).rejects.toMatchObject({
      message: 'Invalid email or password.',
    });
    localStorage.clear();
    await expect(requestJson('/admin/users')).rejects.toMatchObject({ status: 401 });
    expect(handleSessionExpired).not.toHaveBeenCalled();
  });

  it('leaves the session alone for a request that asks so (a background read of an added block)', async () => {
    localStorage.setItem('token', 'fake-token');
    respond(401, { message: 'Your session is invalid or has expired. Please log in again.' });
    await expect(requestJson('/api/admin/invitations', { endSessionOn401: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(handleSessionExpired).not.toHaveBeenCalled();
  });

  it('is not triggered by a 403', async () => {
    localStorage.setItem('token', 'user-token');
    respond(403, { message: 'Administrator access is required.', code: 'FORBIDDEN' });
    await expect(requestJson('/admin/users')).rejects.toMatchObject({ status: 403 });
    expect(handleSessionExpired).not.toHaveBeenCalled();
  });
});
