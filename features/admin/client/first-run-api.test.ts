// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissFirstRun, fetchFirstRun } from './first-run-api';

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

describe('first run client', () => {
  it('reads the steps defensively: a step not sent as true is not done', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ steps: { invite: true, signup: 'yes', labels: false }, dismissed: 1 }),
    );
    await expect(fetchFirstRun()).resolves.toEqual({
      steps: { invite: true, signup: false, testMail: false, labels: false },
      dismissed: false,
    });
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/admin/first-run');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer admin-token');
  });

  it('a 401 to the read does not end the session (the checklist is an addition)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Session over', code: 'UNAUTHORIZED' }, 401));
    await expect(fetchFirstRun()).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBe('admin-token');
  });

  it('PUTs { dismissed: true } and returns the state and message', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        steps: { invite: true, signup: true, testMail: false, labels: false },
        dismissed: true,
        message: 'Checklist dismissed.',
      }),
    );
    await expect(dismissFirstRun()).resolves.toEqual({
      state: { steps: { invite: true, signup: true, testMail: false, labels: false }, dismissed: true },
      message: 'Checklist dismissed.',
    });
    const [, init] = fetchMock.mock.calls.at(-1)!;
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ dismissed: true });
  });
});
