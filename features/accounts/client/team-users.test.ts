// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedSyncUsers, loadSyncUsers, readSyncUsers, resetSyncUsersForTests } from './team-users';

afterEach(() => resetSyncUsersForTests());

function answer(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('readSyncUsers', () => {
  it('keeps the items with a string id and a non-blank name, and only those fields and joinedAt', () => {
    expect(
      readSyncUsers({
        users: [
          { id: 'a', name: 'Ann', email: 'x@y' },
          { id: 1, name: 'B' },
          { id: 'c', name: ' ' },
          null,
          { id: 'd', name: 'Sam', joinedAt: '2026-11-29T08:00:00.000Z' },
          { id: 'e', name: 'Sam', joinedAt: 5 },
        ],
      }),
    ).toEqual([
      { id: 'a', name: 'Ann' },
      { id: 'd', name: 'Sam', joinedAt: '2026-11-29T08:00:00.000Z' },
      { id: 'e', name: 'Sam' },
    ]);
    expect(readSyncUsers(null)).toEqual([]);
    expect(readSyncUsers({ users: 'no' })).toEqual([]);
  });
});

describe('loadSyncUsers', () => {
  it('asks once per page load, however many pickers ask at the same time or later', async () => {
    const fetch = answer(200, { users: [{ id: 'a', name: 'Ann' }] });
    const [first, second] = await Promise.all([loadSyncUsers({ fetch }), loadSyncUsers({ fetch })]);
    expect(first).toEqual([{ id: 'a', name: 'Ann' }]);
    expect(second).toBe(first);
    expect(await loadSyncUsers({ fetch })).toBe(first);
    expect(cachedSyncUsers()).toBe(first);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failure: the next call asks again', async () => {
    const failing = answer(503, { message: 'Down', code: 'X' });
    await expect(loadSyncUsers({ fetch: failing })).rejects.toThrow('Down');
    expect(cachedSyncUsers()).toBeNull();
    const working = answer(200, { users: [] });
    expect(await loadSyncUsers({ fetch: working })).toEqual([]);
    expect(working).toHaveBeenCalledTimes(1);
  });
});
