import { describe, expect, it, vi } from 'vitest';
import { endServerSession } from './logout';

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
