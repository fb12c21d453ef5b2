// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteAdminUser, fetchAdminUsers, updateAdminUser } from './admin-users-api';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'admin-token');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin users API client (list, update and delete users)', () => {
  it('GET /admin/users with the Bearer token, keeping only well-formed users', async () => {
    const good = { fullName: 'Ann', email: 'ann@x.io', role: 'admin', createdAt: '2025-01-01T00:00:00.000Z' };
    fetchMock.mockResolvedValue(jsonResponse([good, { email: 'broken' }, { ...good, role: 'root' }]));

    await expect(fetchAdminUsers()).resolves.toEqual([good]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin/users');
    expect(init.method).toBe('GET');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer admin-token');
  });

  it('PUT /admin/users/{email} with the email percent-encoded and {fullName, email, role}', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'User updated.' }));

    await updateAdminUser('a+b@x.io', { fullName: 'A B', email: 'a+b@x.io', role: 'admin' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin/users/a%2Bb%40x.io');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ fullName: 'A B', email: 'a+b@x.io', role: 'admin' });
  });

  it('DELETE /admin/users/{email}, and a refusal carries the server message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ message: 'The last administrator cannot be deleted.', code: 'LAST_ADMIN' }, 409),
    );

    await expect(deleteAdminUser('boss@x.io')).rejects.toMatchObject({
      kind: 'http',
      status: 409,
      message: 'The last administrator cannot be deleted.',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin/users/boss%40x.io');
    expect(init.method).toBe('DELETE');
  });
});
