// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookUpInvitation, registerAccount } from '@/features/accounts/client/auth-api';
import { ApiError } from '@/shared/http/http';
import {
  createInvitation,
  fetchInvitations,
  fetchSignupSettings,
  revokeInvitation,
  saveSignupSettings,
} from './signup-settings-api';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  const headers = new Headers(init.headers);
  return { url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined, headers };
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

describe('sign-up settings client', () => {
  it('reads the settings with the admin token, falling back to Open for an unknown mode', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ mode: 'invitation', domains: ['example.com', 7], source: 'saved', updatedAt: 'x' }),
    );
    await expect(fetchSignupSettings()).resolves.toEqual({
      mode: 'invitation',
      domains: ['example.com'],
      source: 'saved',
    });
    expect(lastCall()).toMatchObject({ url: '/api/admin/signup-settings', method: 'GET' });
    expect(lastCall().headers.get('authorization')).toBe('Bearer admin-token');

    fetchMock.mockResolvedValueOnce(jsonResponse({ mode: 'everyone' }));
    await expect(fetchSignupSettings()).resolves.toEqual({
      mode: 'open',
      domains: [],
      source: 'environment',
    });
  });

  it("reads team sync's default as its own source (Admin Settings says why and offers Open sign-up)", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ mode: 'invitation', domains: [], source: 'team-default', updatedAt: null }),
    );
    await expect(fetchSignupSettings()).resolves.toEqual({
      mode: 'invitation',
      domains: [],
      source: 'team-default',
    });
  });

  it('PUTs { mode, domains } and returns the saved settings and message', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ mode: 'closed', domains: [], source: 'saved', message: 'Sign-up settings saved.' }),
    );
    await expect(saveSignupSettings({ mode: 'closed', domains: [] })).resolves.toEqual({
      settings: { mode: 'closed', domains: [], source: 'saved' },
      message: 'Sign-up settings saved.',
    });
    expect(lastCall()).toMatchObject({
      url: '/api/admin/signup-settings',
      method: 'PUT',
      body: { mode: 'closed', domains: [] },
    });
  });
});

describe('invitations client', () => {
  const invitation = { id: 'i1', email: null, role: 'user', createdAt: 'c', expiresAt: 'e' };

  it('lists the well-formed invitations only', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse([invitation, { id: 'i2', role: 'owner' }, null]));
    await expect(fetchInvitations()).resolves.toEqual([invitation]);
    expect(lastCall()).toMatchObject({ url: '/api/admin/invitations', method: 'GET' });
  });

  it('sends a blank email as null and returns the link once', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ invitation, link: 'https://x.test/signup?invite=t', emailedTo: null }, 201),
    );
    await expect(createInvitation({ email: '  ', role: 'admin' })).resolves.toEqual({
      invitation,
      link: 'https://x.test/signup?invite=t',
      emailedTo: null,
    });
    expect(lastCall()).toMatchObject({ method: 'POST', body: { email: null, role: 'admin' } });
  });

  it('refuses an answer without the link', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ invitation }, 201));
    await expect(createInvitation({ email: '', role: 'user' })).rejects.toThrow(
      'The server answered without the invitation link.',
    );
  });

  it('revokes by id, encoded in the path', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Invitation revoked.' }));
    await revokeInvitation('a/b');
    expect(lastCall()).toMatchObject({ url: '/api/admin/invitations/a%2Fb', method: 'DELETE' });
  });
});

describe('sign-up with an invitation', () => {
  it('looks the link up without the stored token', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ role: 'admin', email: 'ina@example.com' }));
    await expect(lookUpInvitation('tok/en')).resolves.toEqual({ role: 'admin', email: 'ina@example.com' });
    expect(lastCall()).toMatchObject({ url: '/api/invitations/tok%2Fen', method: 'GET' });
    expect(lastCall().headers.get('authorization')).toBeNull();
  });

  it('rejects a refused link with the server message', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ message: 'This invitation has expired.', code: 'INVITATION_INVALID' }, 403),
    );
    const failure = await lookUpInvitation('t').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
  });

  it('sends the invite with the sign-up body, and nothing extra without one', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ token: 't', role: 'user' }, 201));
    const account = {
      fullName: 'Ina',
      email: 'ina@example.com',
      password: 'long enough',
      role: 'user' as const,
    };
    await registerAccount({ ...account, invite: 'tok' });
    expect(lastCall().body).toEqual({ ...account, invite: 'tok' });
    await registerAccount(account);
    expect(lastCall().body).toEqual(account);
  });
});
