// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MissingTokenError, logIn, registerAccount } from './auth';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const SIGNUP = { fullName: 'Ada', email: 'ada@example.com', password: 'password1', role: 'user' } as const;
const LOGIN = { email: 'ada@example.com', password: 'password1', role: 'user' } as const;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('logIn and registerAccount', () => {
  it('resolve to the answer when it carries a token', async () => {
    const answer = {
      token: 'a.b.c',
      role: 'user',
      user: { fullName: 'Ada', email: 'ada@example.com', role: 'user' },
    };
    fetchMock.mockImplementation(async () => jsonResponse(answer));

    await expect(logIn(LOGIN)).resolves.toEqual(answer);
    await expect(registerAccount(SIGNUP)).resolves.toEqual(answer);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/login', '/api/auth/register']);
  });

  it.each([
    ['no token', { message: 'Welcome' }],
    ['an empty token', { token: '' }],
    ['an empty body', undefined],
  ])('reject a 2xx answer with %s as MissingTokenError', async (_case, body) => {
    fetchMock.mockImplementation(async () =>
      body === undefined ? new Response('', { status: 200 }) : jsonResponse(body),
    );

    await expect(logIn(LOGIN)).rejects.toBeInstanceOf(MissingTokenError);
    await expect(registerAccount(SIGNUP)).rejects.toBeInstanceOf(MissingTokenError);
  });
});
