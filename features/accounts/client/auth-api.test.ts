// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logIn, registerAccount } from './auth-api';
import { MissingTokenError } from '@/shared/http/http';

const SIGNUP = { fullName: 'Ada', email: 'ada@example.com', password: 'password1', role: 'user' } as const;
const LOGIN = { email: 'ada@example.com', password: 'password1', role: 'user' } as const;

/** Every request gets a 200 with `body` (nothing at all when undefined); returns the fetch stub. */
function answerEveryRequestWith(body: unknown) {
  const fetchStub = vi.fn(
    async (_input: string, _init: RequestInit) =>
      new Response(body === undefined ? '' : JSON.stringify(body), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

afterEach(() => vi.unstubAllGlobals());

describe('logIn and registerAccount', () => {
  it('resolve to the answer when it carries a token', async () => {
    const answer = {
      token: 'a.b.c',
      role: 'user',
      user: { fullName: 'Ada', email: 'ada@example.com', role: 'user' },
    };
    const fetchStub = answerEveryRequestWith(answer);

    await expect(logIn(LOGIN)).resolves.toEqual(answer);
    await expect(registerAccount(SIGNUP)).resolves.toEqual(answer);
    expect(fetchStub.mock.calls.map(([url]) => url)).toEqual(['/api/auth/login', '/api/auth/register']);
  });

  it.each([
    ['no token', { message: 'Welcome' }],
    ['an empty token', { token: '' }],
    ['an empty body', undefined],
  ])('reject a 2xx answer with %s as MissingTokenError', async (_case, body) => {
    answerEveryRequestWith(body);

    await expect(logIn(LOGIN)).rejects.toBeInstanceOf(MissingTokenError);
    await expect(registerAccount(SIGNUP)).rejects.toBeInstanceOf(MissingTokenError);
  });

  it('registerAccount: a 202 with a message is a sign-up waiting for its confirmation link', async () => {
    const message = 'Check your email: we sent a link to ada@example.com.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message }), { status: 202 })),
    );
    await expect(registerAccount(SIGNUP)).resolves.toEqual({ confirmationSent: message });
  });
});
