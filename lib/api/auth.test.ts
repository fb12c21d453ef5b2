// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endServerSession, MissingTokenError, logIn, registerAccount } from './auth';

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
});

describe('endServerSession', () => {
  it('posts the token to /api/auth/logout, kept alive past the page', () => {
    const fetchStub = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    endServerSession('a.b.c', fetchStub);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init).toEqual({
      method: 'POST',
      headers: { Authorization: 'Bearer a.b.c' },
      keepalive: true,
      cache: 'no-store',
    });
  });

  it('sends nothing without a token, and swallows every failure', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    endServerSession(null, fetchStub);
    expect(fetchStub).not.toHaveBeenCalled();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      endServerSession('a.b.c', fetchStub);
      expect(() =>
        endServerSession('a.b.c', () => {
          throw new TypeError('fetch is not a function');
        }),
      ).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
