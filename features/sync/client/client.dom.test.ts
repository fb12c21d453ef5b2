// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { addTask, moveTask } from '@/features/tasks/client/task-commands';
import { tasksStore } from '@/features/tasks/client/tasks';
import { startTeamSync, SYNC_META_KEY } from './client';
import { syncStatusStore } from './status-store';
import type { PushRequest } from '../model/protocol';
import { MemoryServer } from '../testing/memory-server';

const USER = 'user-1';

let stop: (() => void) | null = null;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(1_800_000_000_000);
});

afterEach(() => {
  stop?.();
  stop = null;
  vi.useRealTimers();
});

it('syncs through the real task commands and localStorage', async () => {
  const server = new MemoryServer();
  const fetchFn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    const result = url.pathname.endsWith('/push')
      ? server.push(USER, JSON.parse(String(init?.body)) as PushRequest, Date.now())
      : server.pull(USER, url.searchParams.get('cursor') ?? '0:', 500, url.searchParams.get('walk') === '1');
    return new Response(JSON.stringify(result), { status: 200 });
  });
  stop = startTeamSync({
    userId: USER,
    getToken: () => 'token-1',
    fetch: fetchFn as unknown as typeof fetch,
  });
  await vi.advanceTimersByTimeAsync(0);

  const task = addTask({ title: 'Shared', description: 'Across devices', deadline: '2026-12-01' });
  expect(task).not.toBeNull();
  const [stored] = tasksStore.read();
  expect(typeof stored?.uid).toBe('string');
  expect(syncStatusStore.getSnapshot()).toEqual({ state: 'syncing', pending: 1 });

  await vi.advanceTimersByTimeAsync(300);
  expect(moveTask(stored!.id, 'Completed')).toBe(true);
  await vi.advanceTimersByTimeAsync(300);

  const view = server.viewOf(USER).get(stored!.uid as string);
  expect(view).toMatchObject({ title: 'Shared', description: 'Across devices', column: 'Completed' });
  expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
  expect(JSON.parse(localStorage.getItem(SYNC_META_KEY) ?? '{}')).toMatchObject({
    userId: USER,
    dirty: {},
    inflight: [],
  });
});
