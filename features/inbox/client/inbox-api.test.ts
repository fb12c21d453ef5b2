// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const assigned = {
  id: 'i1',
  kind: 'assigned',
  task: 't1',
  title: 'Report',
  actorId: 'u2',
  actorName: 'Bob Builder',
  createdAt: '2026-11-29T03:00:00.000Z',
  read: false,
};
// What this version's server sends for a value replaced by someone else's concurrent edit.
const replaced = {
  ...assigned,
  id: 'i2',
  kind: 'replaced',
  fields: ['description', 'deadline'],
  createdAt: '2026-11-29T03:01:00.000Z',
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'member-token');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  vi.doUnmock('@/features/inbox/model/rules');
});

describe('fetchInbox', () => {
  it('reads a `replaced` entry with the fields it names; other kinds carry no fields', async () => {
    const { fetchInbox } = await import('./inbox-api');
    fetchMock.mockResolvedValue(
      jsonResponse({ items: [replaced, { ...assigned, fields: ['x'] }], unread: 2, next: null }),
    );
    await expect(fetchInbox()).resolves.toEqual({ items: [replaced, assigned], unread: 2, next: null });
    fetchMock.mockResolvedValue(
      jsonResponse({ items: [{ ...replaced, fields: ['title', 3] }], unread: 1, next: null }),
    );
    expect((await fetchInbox()).items[0]!.fields).toEqual(['title']);
  });

  it('an open tab of the previous version (four kinds) leaves a `replaced` entry out and keeps the page', async () => {
    // The previous version's list of kinds: everything else in its reader is unchanged.
    vi.doMock('@/features/inbox/model/rules', async (original) => ({
      ...(await original<typeof import('@/features/inbox/model/rules')>()),
      INBOX_KINDS: ['mentioned', 'commented', 'assigned', 'completed'],
    }));
    const { fetchInbox } = await import('./inbox-api');
    fetchMock.mockResolvedValue(jsonResponse({ items: [replaced, assigned], unread: 2, next: 'cursor' }));
    await expect(fetchInbox()).resolves.toEqual({ items: [assigned], unread: 2, next: 'cursor' });
  });
});
