import { TEAM_LABELS_KEY } from '@/shared/browser-storage/keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TasksWriteHook } from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import {
  clearTeamDataForLogout,
  OTHER_ACCOUNT_MESSAGE,
  randomId,
  sendBeforeLogout,
  startTeamSync,
  SYNC_CONFLICTS_KEY,
  SYNC_META_KEY,
} from './client';
import type { SyncStorage } from './engine/meta-store';
import type { StreamHandlers, SyncEnvironment, TasksPort, TeamSyncOptions } from './engine/ports';
import { bringBackArchivedTask } from './archive-controls';
import { formatHlc } from '../model/hlc';
import { conflictsStore, settleConflict } from './conflicts-store';
import type { Json, PushRequest, PushResponse, SyncConflict } from '../model/protocol';
import { TASK_LIMIT_MESSAGES } from '../model/task-size';
import { createMeta, readMeta, type SyncMeta } from './replica';
import { openPokeStream } from '@/shared/realtime/stream';
import { answerFirstSync, retrySync, syncStatusStore } from './status-store';
import { sampleTask } from '../testing/fixtures';
import { MemoryServer } from '../testing/memory-server';

const USER = 'user-1';
const START_MS = 1_800_000_000_000;
const PHONE_STAMP = formatHlc({ wall: START_MS, counter: 0, node: 'phone' });

class MemoryStorage implements SyncStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** The task list with the command path of features/tasks/client/tasks.ts: local edits go through the hook. */
class FakeTasks implements TasksPort {
  tasks: readonly Task[] = [];
  hook: TasksWriteHook | null = null;
  read(): readonly Task[] {
    return this.tasks;
  }
  replace(change: (tasks: readonly Task[]) => readonly Task[]): void {
    this.tasks = change(this.tasks);
  }
  setWriteHook(hook: TasksWriteHook): () => void {
    this.hook = hook;
    return () => {
      if (this.hook === hook) this.hook = null;
    };
  }
  removed = false;
  removeForLogout(isTeamTask: (task: Task) => boolean): void {
    this.tasks = this.tasks.filter((item) => !isTeamTask(item));
    this.removed = this.tasks.length === 0;
  }
  command(change: (tasks: readonly Task[]) => Task[]): void {
    const prev = this.tasks;
    const next = change(prev);
    if (!this.hook) {
      this.tasks = next;
      return;
    }
    const { tasks, afterWrite } = this.hook(prev, next);
    this.tasks = tasks;
    afterWrite?.();
  }
}

const environment: SyncEnvironment = {
  addEventListener: () => {},
  removeEventListener: () => {},
  isVisible: () => true,
  requestLock: null,
  openStream: null,
};

function task(id: string, title: string, extra: Partial<Task> = {}): Task {
  return sampleTask({ id, title, ...extra });
}

type Call = { url: string; method: string; body: unknown };

/**
 * A fetch answering from a MemoryServer; `failNext` makes requests fail in chosen ways. Requests for
 * conflict records go to `conflictCalls` (answered from `openConflicts`), the rest to `calls`.
 */
function serverFetch(
  server: MemoryServer,
  calls: Call[],
  conflictCalls: Call[] = [],
  openConflicts: () => SyncConflict[] = () => [],
) {
  const faults: Array<'network-after-apply' | 'network' | 'garbage' | 401 | 'refuse-push'> = [];
  const fetchFn = vi.fn(async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.startsWith('/api/sync/conflicts')) {
      conflictCalls.push({ url, method, body });
      return new Response(JSON.stringify(method === 'GET' ? { conflicts: openConflicts() } : {}), {
        status: 200,
      });
    }
    calls.push({ url, method, body });
    const fault =
      url.startsWith('/api/sync/push') || faults[0] !== 'refuse-push' ? faults.shift() : undefined;
    if (fault === 'refuse-push') {
      return new Response(JSON.stringify({ message: 'Invalid request.' }), { status: 400 });
    }
    if (fault === 401) return new Response(JSON.stringify({ message: 'Expired.' }), { status: 401 });
    if (fault === 'network') throw new TypeError('Failed to fetch');
    if (fault === 'garbage') return new Response(JSON.stringify({ changes: 'no' }), { status: 200 });
    let result: unknown;
    if (url.startsWith('/api/sync/push')) {
      result = server.push(USER, body as PushRequest, Date.now());
    } else {
      const params = new URL(url, 'http://x').searchParams;
      result = server.pull(
        USER,
        params.get('cursor') ?? '0:',
        Number(params.get('limit')),
        params.get('walk') === '1',
      );
    }
    if (fault === 'network-after-apply') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(result), { status: 200 });
  });
  return { fetchFn: fetchFn as unknown as typeof fetch, faults };
}

function metaOf(storage: MemoryStorage): SyncMeta {
  const meta = readMeta(JSON.parse(storage.getItem(SYNC_META_KEY) ?? 'null'));
  if (!meta) throw new Error('no meta');
  return meta;
}

let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

/** Lets the engine's promises run (fetch answers) without moving the clock. */
async function settle(): Promise<void> {
  for (let index = 0; index < 20; index++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
}

/** Another device of the same user creates task `uid` titled `title` on the server. */
function pushFromOtherDevice(server: MemoryServer, uid: string, title: string, hlc: string): void {
  server.push(
    USER,
    {
      clientId: 'other',
      ops: [{ opId: '1', uid, baseV: 0, kind: 'upsert', fields: { title: { value: title, hlc } } }],
    },
    START_MS,
  );
}

let stop: (() => void) | null = null;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START_MS);
  ids = 0;
});

afterEach(() => {
  stop?.();
  stop = null;
  vi.useRealTimers();
});

/** A server, the device's tasks and storage (optionally holding `meta`), and `begin` to start the engine. */
function start(initialTasks: Task[] = [], meta?: SyncMeta) {
  const server = new MemoryServer();
  const tasks = new FakeTasks();
  tasks.tasks = initialTasks;
  const storage = new MemoryStorage();
  if (meta) storage.setItem(SYNC_META_KEY, JSON.stringify(meta));
  const calls: Call[] = [];
  const conflictCalls: Call[] = [];
  let openConflicts: SyncConflict[] = [];
  const { fetchFn, faults } = serverFetch(server, calls, conflictCalls, () => openConflicts);
  const begin = (env: SyncEnvironment = environment, extra: Partial<TeamSyncOptions> = {}) => {
    stop = startTeamSync({
      ...extra,
      userId: USER,
      getToken: () => 'token-1',
      fetch: fetchFn,
      storage,
      tasks,
      environment: env,
      random: () => 0.5,
      newId,
    });
  };
  const setOpenConflicts = (list: SyncConflict[]) => {
    openConflicts = list;
  };
  return { server, tasks, storage, calls, conflictCalls, setOpenConflicts, faults, begin };
}

function conflictRecord(
  id: string,
  uid: string,
  reason: SyncConflict['reason'] = 'concurrent',
): SyncConflict {
  return {
    id,
    uid,
    field: 'title',
    value: 'Lost title',
    hlc: PHONE_STAMP,
    winningHlc: PHONE_STAMP,
    reason,
    userId: USER,
    authorId: USER,
    authorName: 'Asha',
    seq: 2,
    createdAt: new Date(START_MS).toISOString(),
    resolvedAt: null,
    resolvedBy: null,
  };
}

describe('conflict records', () => {
  it('fetches open records at start and after a pull that brought changes, not on an idle poll', async () => {
    const { server, storage, conflictCalls, setOpenConflicts, begin } = start();
    setOpenConflicts([conflictRecord('c1', 'srv-1'), conflictRecord('c2', 'srv-1', 'forbidden')]);
    begin();
    await settle();
    expect(conflictCalls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/sync/conflicts']);
    // A refused write is not offered: restoring it would be refused again.
    expect(conflictsStore.getSnapshot().map((record) => record.id)).toEqual(['c1']);
    expect(JSON.parse(storage.getItem(SYNC_CONFLICTS_KEY) ?? 'null')).toMatchObject({
      userId: USER,
      conflicts: [{ id: 'c1' }],
    });

    await vi.advanceTimersByTimeAsync(4_000);
    await settle();
    expect(conflictCalls).toHaveLength(1);

    server.push(
      'someone-else',
      {
        clientId: 'other',
        ops: [
          {
            opId: '1',
            uid: 'srv-2',
            baseV: 0,
            kind: 'upsert',
            fields: { title: { value: 'New', hlc: PHONE_STAMP } },
          },
        ],
      },
      START_MS,
    );
    setOpenConflicts([]);
    await vi.advanceTimersByTimeAsync(4_000);
    await settle();
    expect(conflictCalls).toHaveLength(2);
    expect(conflictsStore.getSnapshot()).toEqual([]);
  });

  it('settles a record on the server and drops it from the list; stopping empties the list', async () => {
    const { conflictCalls, setOpenConflicts, begin } = start();
    setOpenConflicts([conflictRecord('c1', 'srv-1'), conflictRecord('c 2', 'srv-1')]);
    begin();
    await settle();
    await settleConflict(conflictsStore.getSnapshot()[1]!);
    expect(conflictCalls.at(-1)).toMatchObject({ method: 'POST', url: '/api/sync/conflicts/c%202/resolve' });
    expect(conflictsStore.getSnapshot().map((record) => record.id)).toEqual(['c1']);
    stop?.();
    stop = null;
    expect(conflictsStore.getSnapshot()).toEqual([]);
    await expect(settleConflict(conflictRecord('c1', 'srv-1'))).rejects.toThrow('Team sync is not running.');
  });

  it('in a tab without the lock, shows the stored list of this user only and follows other tabs', async () => {
    const { storage, conflictCalls, begin } = start();
    storage.setItem(
      SYNC_CONFLICTS_KEY,
      JSON.stringify({ userId: 'another-user', conflicts: [conflictRecord('c1', 'srv-1')] }),
    );
    const listeners: Array<(event: Event) => void> = [];
    begin({
      ...environment,
      addEventListener: (type, listener) => {
        if (type === 'storage') listeners.push(listener);
      },
      requestLock: () => new Promise(() => {}),
    });
    await settle();
    expect(conflictsStore.getSnapshot()).toEqual([]);

    // The leader (another tab) stores this user's list.
    storage.setItem(
      SYNC_CONFLICTS_KEY,
      JSON.stringify({ userId: USER, conflicts: [conflictRecord('c3', 'srv-3')] }),
    );
    for (const listener of listeners) listener({ key: SYNC_CONFLICTS_KEY } as StorageEvent);
    expect(conflictsStore.getSnapshot().map((record) => record.id)).toEqual(['c3']);
    expect(conflictCalls).toEqual([]);
  });
});

describe('startTeamSync', () => {
  it('asks before uploading tasks found on the device, pulls meanwhile, uploads on "upload"', async () => {
    const { server, tasks, calls, begin } = start([task('1', 'Mine'), task('2', 'Also mine')]);
    pushFromOtherDevice(server, 'srv-1', 'From server', '000001700000000-000000-other');
    begin();
    await settle();

    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'needs-decision', pending: 0, firstSyncCount: 2 });
    expect(calls.map((call) => call.method)).toEqual(['GET']);
    expect(calls[0]!.url).toBe('/api/sync/pull?cursor=0%3A&limit=500&recent=1');
    expect(tasks.tasks.map((t) => [t.id, t.title, t.uid])).toEqual([
      ['1', 'Mine', undefined],
      ['2', 'Also mine', undefined],
      [String(START_MS), 'From server', 'srv-1'],
    ]);

    answerFirstSync('upload');
    await settle();

    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
    const view = server.viewOf(USER);
    expect([...view.values()].map((values) => values.title).sort()).toEqual([
      'Also mine',
      'From server',
      'Mine',
    ]);
    expect(tasks.tasks.every((t) => typeof t.uid === 'string')).toBe(true);
    const push = calls.find((call) => call.method === 'POST')!;
    expect(push.url).toBe('/api/sync/push');
    expect((push.body as PushRequest).ops.map((op) => op.kind)).toEqual(['upsert', 'upsert']);
  });

  it('keeps the found tasks on this device on "keep" and syncs tasks created later', async () => {
    const { server, tasks, storage, begin } = start([task('1', 'Private')]);
    begin();
    await settle();
    answerFirstSync('keep');
    await settle();

    expect(metaOf(storage).localOnly).toEqual(['1']);
    expect(server.viewOf(USER).size).toBe(0);

    tasks.command((list) => [...list, task('2', 'Shared')]);
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'syncing', pending: 1 });
    await vi.advanceTimersByTimeAsync(300);
    await settle();

    expect([...server.viewOf(USER).values()].map((values) => values.title)).toEqual(['Shared']);
    expect(tasks.tasks.map((t) => [t.id, t.uid === undefined])).toEqual([
      ['1', true],
      ['2', false],
    ]);
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
  });

  it('resends the same operation ids after a push whose answer was lost, and applies them once', async () => {
    const { server, tasks, storage, calls, faults, begin } = start();
    begin();
    await settle();

    faults.push('network-after-apply');
    tasks.command((list) => [...list, task('1', 'Once')]);
    await vi.advanceTimersByTimeAsync(300);
    await settle();

    expect(syncStatusStore.getSnapshot()).toMatchObject({ state: 'offline', pending: 1 });
    const first = calls.filter((call) => call.method === 'POST');
    expect(first).toHaveLength(1);

    // Backoff: 1 s × (0.5 + 0.5 / 2) with the test's random 0.5.
    await vi.advanceTimersByTimeAsync(750);
    await settle();

    const pushes = calls.filter((call) => call.method === 'POST').map((call) => call.body as PushRequest);
    expect(pushes).toHaveLength(2);
    expect(pushes[1]).toEqual(pushes[0]);
    expect(server.writes.filter((write) => write.field === 'title')).toHaveLength(1);
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
    expect(metaOf(storage).inflight).toEqual([]);
  });

  it('still pulls when the server refuses a push, reports the refusal and keeps the change to resend', async () => {
    const { server, tasks, storage, calls, faults, begin } = start();
    begin();
    await settle();

    pushFromOtherDevice(server, 'srv-1', 'From a teammate', PHONE_STAMP);
    faults.push('refuse-push');
    tasks.command((list) => [...list, task('1', 'Refused once')]);
    await vi.advanceTimersByTimeAsync(300);
    await settle();

    expect(calls.slice(1).map((call) => call.method)).toEqual(['POST', 'GET']);
    expect(tasks.tasks.map((t) => t.title)).toEqual(['Refused once', 'From a teammate']);
    expect(syncStatusStore.getSnapshot()).toEqual({
      state: 'error',
      pending: 1,
      message: 'Invalid request.',
    });
    const refused = calls[1]!.body as PushRequest;

    // The same operation goes again after the backoff (1 s × 0.75) and is applied this time.
    await vi.advanceTimersByTimeAsync(750);
    await settle();
    const pushes = calls.filter((call) => call.method === 'POST').map((call) => call.body as PushRequest);
    expect(pushes).toHaveLength(2);
    expect(pushes[1]).toEqual(refused);
    expect([...server.viewOf(USER).values()].map((values) => values.title).sort()).toEqual([
      'From a teammate',
      'Refused once',
    ]);
    expect(metaOf(storage).inflight).toEqual([]);
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
  });

  it('hands the push answer’s notices to onNotice, and ignores malformed ones (an older server sends none)', async () => {
    const { server, tasks, begin } = start();
    const apply = server.push.bind(server);
    server.push = (...args) =>
      ({
        ...apply(...args),
        notices: [
          { opId: 'x', uid: 'u', message: '“Ship it” was not assigned.' },
          { opId: 'y', uid: 'u' },
          'not a notice',
        ],
      }) as PushResponse;
    const told: string[] = [];
    begin(environment, { onNotice: (message) => told.push(message) });
    await settle();

    tasks.command((list) => [...list, task('1', 'Ship it')]);
    await vi.advanceTimersByTimeAsync(300);
    await settle();

    expect(told).toEqual(['“Ship it” was not assigned.']);
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
  });

  it('keeps a change refused as too large in the task and shows why, while the other changes sync', async () => {
    const { server, tasks, storage, calls, begin } = start();
    begin();
    await settle();

    const huge = '€'.repeat(12_000);
    tasks.command((list) => [...list, task('1', 'Too big', { description: huge }), task('2', 'Fine')]);
    await vi.advanceTimersByTimeAsync(300);
    await settle();

    expect([...server.viewOf(USER).values()].map((values) => values.title)).toEqual(['Fine']);
    expect(tasks.tasks.map((t) => [t.title, t.description === huge])).toEqual([
      ['Too big', true],
      ['Fine', false],
    ]);
    expect(syncStatusStore.getSnapshot()).toEqual({
      state: 'error',
      pending: 1,
      message: TASK_LIMIT_MESSAGES.tooLarge,
    });

    // Polls do not send it again; shortening it sends it, and the status clears.
    const pushes = () => calls.filter((call) => call.method === 'POST').length;
    const before = pushes();
    await vi.advanceTimersByTimeAsync(10_000);
    await settle();
    expect(pushes()).toBe(before);
    tasks.command((list) => list.map((t) => (t.id === '1' ? { ...t, description: 'Short now' } : t)));
    await vi.advanceTimersByTimeAsync(300);
    await settle();
    expect([...server.viewOf(USER).values()].map((values) => values.description).sort()).toEqual([
      expect.any(String),
      'Short now',
    ]);
    expect(metaOf(storage).held).toBeUndefined();
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
  });

  it('an idle poll does not rewrite the unchanged metadata (about 1 MB with 5,000 tasks)', async () => {
    const { server, storage, calls, begin } = start();
    pushFromOtherDevice(server, 'srv-1', 'From server', PHONE_STAMP);
    begin();
    await settle();
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
    const written: string[] = [];
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      written.push(key);
      setItem(key, value);
    };
    const pullsBefore = calls.length;

    await vi.advanceTimersByTimeAsync(4_000);

    expect(calls.length).toBe(pullsBefore + 1);
    expect(written).toEqual([]);
    expect(metaOf(storage).tasks['srv-1']).toBeDefined();
  });

  it('a page load with a synced replica parses it once and serialises it never, through idle polls', async () => {
    const { server, tasks, storage, calls, begin } = start();
    pushFromOtherDevice(server, 'srv-1', 'From server', PHONE_STAMP);
    begin();
    await settle();
    expect(tasks.tasks.map((task) => task.title)).toEqual(['From server']);
    stop?.();
    const raw = storage.getItem(SYNC_META_KEY);
    const isMeta = (value: unknown) =>
      typeof value === 'object' && value !== null && 'clientId' in value && 'dirty' in value;
    const parse = vi.spyOn(JSON, 'parse');
    const stringify = vi.spyOn(JSON, 'stringify');
    const pullsBefore = calls.length;

    // The next page load: the engine starts again on what the last one stored.
    begin();
    await settle();
    await vi.advanceTimersByTimeAsync(4_000);

    // Two cycles, each pulling once (pushing nothing), with the replica read from storage once.
    expect(calls.slice(pullsBefore).map((call) => call.url.split('?')[0])).toEqual([
      '/api/sync/pull',
      '/api/sync/pull',
    ]);
    expect(parse.mock.calls.filter(([text]) => text === raw)).toHaveLength(1);
    expect(stringify.mock.calls.filter(([value]) => isMeta(value))).toHaveLength(0);
    expect(storage.getItem(SYNC_META_KEY)).toBe(raw);
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
    parse.mockRestore();
    stringify.mockRestore();
  });

  it('a local edit is still saved and pushed after idle steps handed the replica back', async () => {
    const { server, tasks, storage, begin } = start();
    pushFromOtherDevice(server, 'srv-1', 'From server', PHONE_STAMP);
    begin();
    await settle();
    await vi.advanceTimersByTimeAsync(4_000);

    tasks.command((list) => list.map((item) => ({ ...item, title: 'Edited here' })));
    expect(metaOf(storage).dirty['srv-1']).toBeDefined();
    await vi.advanceTimersByTimeAsync(300);
    await settle();

    expect(metaOf(storage).dirty).toEqual({});
    expect(metaOf(storage).inflight).toEqual([]);
    expect(server.viewOf(USER).get('srv-1')?.title).toBe('Edited here');
  });

  it('stops on 401: no more requests, local edits no longer recorded, status off', async () => {
    const { tasks, calls, faults, begin } = start();
    begin();
    faults.push(401);
    await settle();

    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'off', pending: 0 });
    expect(tasks.hook).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });

  it('reports a response it cannot read as an error and retries after a backoff', async () => {
    const { calls, faults, begin } = start();
    faults.push('garbage');
    begin();
    await settle();

    expect(syncStatusStore.getSnapshot()).toEqual({
      state: 'error',
      pending: 0,
      message: 'The server sent a sync response that could not be read.',
    });
    await vi.advanceTimersByTimeAsync(750);
    expect(calls).toHaveLength(2);
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
  });

  it('pauses, uploading nothing, while another account has changes waiting', async () => {
    const theirs = createMeta('user-2', 'client2');
    theirs.decided = 'upload';
    theirs.dirty['their-uid'] = { f: { title: 'abc' }, s: '001800000000000-000000-client2' };
    const { tasks, storage, calls, begin } = start([task('1', 'Theirs', { uid: 'their-uid' })], theirs);
    begin();
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);

    expect(syncStatusStore.getSnapshot()).toEqual({
      state: 'paused',
      pending: 1,
      message: OTHER_ACCOUNT_MESSAGE,
    });
    expect(calls).toEqual([]);
    expect(metaOf(storage).userId).toBe('user-2');
    expect(tasks.tasks.map((t) => t.title)).toEqual(['Theirs']);
  });

  it("drops another account's synced tasks when nothing of theirs is waiting, then starts fresh", async () => {
    const theirs = createMeta('user-2', 'client2');
    theirs.decided = 'upload';
    theirs.tasks['their-uid'] = { v: 3, h: {} };
    const { tasks, storage, begin } = start([task('1', 'Theirs', { uid: 'their-uid' })], theirs);
    begin();
    await settle();

    expect(tasks.tasks).toEqual([]);
    const meta = metaOf(storage);
    expect(meta.userId).toBe(USER);
    expect(meta.tasks).toEqual({});
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
  });

  it('on reset pushes what waits, walks from the start and drops what the walk does not return', async () => {
    const { server, tasks, storage, calls, begin } = start();
    begin();
    await settle();
    tasks.command((list) => [...list, task('1', 'Kept'), task('2', 'Deleted elsewhere')]);
    await vi.advanceTimersByTimeAsync(300);
    await settle();
    const deletedUid = tasks.tasks[1]!.uid as string;
    const keptUid = tasks.tasks[0]!.uid as string;

    // Another device deletes task 2; two days later its tombstone is forgotten.
    server.push(
      USER,
      {
        clientId: 'other',
        ops: [{ opId: '1', uid: deletedUid, baseV: 1, kind: 'delete', hlc: '001800000100000-000000-other' }],
      },
      START_MS,
    );
    server.purgeTombstones();
    server.purgeTombstones();
    // A local edit waits when the reset comes.
    tasks.command((list) => list.map((t) => (t.id === '1' ? { ...t, title: 'Kept, edited' } : t)));
    calls.length = 0;
    retrySync();
    await settle();

    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/sync/push',
      'GET /api/sync/pull?cursor=1%3A' + encodeURIComponent(deletedUid) + '&limit=500&recent=1',
      'GET /api/sync/pull?cursor=0%3A&limit=500&walk=1&recent=1',
    ]);
    expect(tasks.tasks.map((t) => [t.uid, t.title])).toEqual([[keptUid, 'Kept, edited']]);
    expect(metaOf(storage).walk).toBeNull();
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
  });
});

describe('undo of a delete (two devices)', () => {
  /** One device of the user on a shared server: its own tasks and storage. */
  function device(server: MemoryServer) {
    const tasks = new FakeTasks();
    const storage = new MemoryStorage();
    const { fetchFn } = serverFetch(server, []);
    const begin = async () => {
      stop = startTeamSync({
        userId: USER,
        getToken: () => 'token-1',
        fetch: fetchFn,
        storage,
        tasks,
        environment,
        random: () => 0.5,
        newId,
      });
      await settle();
    };
    const edit = async (change: (tasks: readonly Task[]) => Task[]) => {
      tasks.command(change);
      await vi.advanceTimersByTimeAsync(300);
      await settle();
    };
    return { tasks, begin, edit };
  }

  const titles = (tasks: readonly Task[]) => tasks.map((item) => item.title);

  it('deleted on device A, the delete acknowledged and pulled by B; Undo on A brings it back on B too', async () => {
    const server = new MemoryServer();
    const phone = device(server);
    const laptop = device(server);
    await phone.begin();
    await phone.edit((list) => [...list, task('1', 'Keep'), task('2', 'Undo me'), task('3', 'Last')]);
    await laptop.begin();
    expect(titles(laptop.tasks.tasks)).toEqual(['Keep', 'Undo me', 'Last']);
    const onLaptop = laptop.tasks.tasks[1]!;

    await phone.begin();
    const before = phone.tasks.tasks;
    const removed = before[1]!;
    await phone.edit((list) => list.filter((item) => item !== removed));
    expect(server.viewOf(USER).has(String(removed.uid))).toBe(false);
    await laptop.begin();
    expect(titles(laptop.tasks.tasks)).toEqual(['Keep', 'Last']);

    await phone.begin();
    // restoreTask: the very object back at its index.
    await phone.edit((list) => [list[0]!, removed, ...list.slice(1)]);
    expect(phone.tasks.tasks).toEqual(before);
    expect(server.viewOf(USER).has(String(removed.uid))).toBe(true);
    // The fields sent with the restore are not taken for edits made after a delete.
    expect(server.conflicts).toEqual([]);

    await laptop.begin();
    expect(titles(laptop.tasks.tasks)).toEqual(['Keep', 'Last', 'Undo me']);
    const { id: _id, ...back } = laptop.tasks.tasks[2]!;
    const { id: _oldId, ...was } = onLaptop;
    expect(back).toEqual(was);
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });
  });
});

describe('logout', () => {
  /** A device that pulled the team's task srv-1 and then created one of its own, not yet pushed. */
  async function deviceWithUnsentTask() {
    const device = start();
    pushFromOtherDevice(device.server, 'srv-1', 'From the team', '000001700000000-000000-other');
    device.storage.setItem(SYNC_CONFLICTS_KEY, JSON.stringify({ userId: USER, conflicts: [] }));
    device.storage.setItem(TEAM_LABELS_KEY, JSON.stringify([{ id: 'l1', name: 'Team', color: 'red' }]));
    device.begin();
    await settle();
    device.tasks.command((list) => [...list, task('2', 'Written here')]);
    return device;
  }

  it('sends what waits first, then removes the team’s tasks, the bookkeeping, the replaced values and the label set', async () => {
    const { server, tasks, storage, calls } = await deviceWithUnsentTask();
    expect(metaOf(storage).dirty).not.toEqual({});

    await expect(sendBeforeLogout()).resolves.toBe(0);
    expect([...server.viewOf(USER).values()].map((values) => values.title).sort()).toEqual([
      'From the team',
      'Written here',
    ]);

    clearTeamDataForLogout();
    expect(tasks.tasks).toEqual([]);
    expect(tasks.removed).toBe(true);
    expect(storage.getItem(SYNC_META_KEY)).toBeNull();
    expect(storage.getItem(SYNC_CONFLICTS_KEY)).toBeNull();
    expect(storage.getItem(TEAM_LABELS_KEY)).toBeNull();
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'off', pending: 0 });
    // Stopped: no more requests, and a later edit is not recorded.
    const sent = calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(sent);
    expect(tasks.hook).toBeNull();
  });

  it('offline, says how many tasks have changes not sent and keeps everything until told', async () => {
    const { tasks, storage, faults } = await deviceWithUnsentTask();
    faults.push('network');

    await expect(sendBeforeLogout()).resolves.toBe(1);
    expect(storage.getItem(SYNC_META_KEY)).not.toBeNull();
    expect(tasks.tasks.map((item) => item.title)).toEqual(['From the team', 'Written here']);

    // "Log out anyway": the unsent change goes with the rest.
    clearTeamDataForLogout();
    expect(tasks.tasks).toEqual([]);
    expect(storage.getItem(SYNC_META_KEY)).toBeNull();
  });

  it('keeps the tasks kept on this device only: they are nowhere else', async () => {
    const { server, tasks, storage, begin } = start([task('1', 'Only here')]);
    pushFromOtherDevice(server, 'srv-1', 'From the team', '000001700000000-000000-other');
    begin();
    await settle();
    answerFirstSync('keep');
    await settle();

    await expect(sendBeforeLogout()).resolves.toBe(0);
    clearTeamDataForLogout();
    expect(tasks.tasks.map((item) => item.title)).toEqual(['Only here']);
    expect(tasks.removed).toBe(false);
    expect(storage.getItem(SYNC_META_KEY)).toBeNull();
  });

  it('leaves another account’s waiting changes alone: neither counted nor removed', async () => {
    const theirs = createMeta('user-2', 'client2');
    theirs.decided = 'upload';
    theirs.dirty['their-uid'] = { f: { title: 'abc' }, s: '001800000000000-000000-client2' };
    const { tasks, storage, begin } = start([task('1', 'Theirs', { uid: 'their-uid' })], theirs);
    begin();
    await settle();

    await expect(sendBeforeLogout()).resolves.toBe(0);
    clearTeamDataForLogout();
    expect(tasks.tasks.map((item) => item.title)).toEqual(['Theirs']);
    expect(metaOf(storage).userId).toBe('user-2');
  });

  it('an ended session (401) removes the team’s data like a logout when nothing waits', async () => {
    const { tasks, storage, faults, begin, server } = start();
    pushFromOtherDevice(server, 'srv-1', 'From the team', '000001700000000-000000-other');
    begin();
    await settle();
    expect(tasks.tasks).toHaveLength(1);

    faults.push(401);
    await vi.advanceTimersByTimeAsync(4_000);
    await settle();
    expect(tasks.tasks).toEqual([]);
    expect(storage.getItem(SYNC_META_KEY)).toBeNull();
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'off', pending: 0 });
  });

  it('an ended session (401) keeps unsent changes for this account’s next sign-in', async () => {
    const { tasks, storage, faults } = await deviceWithUnsentTask();
    faults.length = 0;
    faults.push(401);
    await vi.advanceTimersByTimeAsync(300);
    await settle();
    expect(tasks.tasks.map((item) => item.title)).toEqual(['From the team', 'Written here']);
    expect(metaOf(storage).userId).toBe(USER);
    expect(Object.keys(metaOf(storage).dirty)).toHaveLength(1);
  });
});

describe('live stream', () => {
  it('pulls shortly after a poke, and polls only every minute while the stream is up', async () => {
    const { server, tasks, calls, begin } = start();
    let handlers: StreamHandlers | null = null;
    let closed = false;
    begin({
      ...environment,
      openStream: (given) => {
        handlers = given;
        return () => {
          closed = true;
        };
      },
    });
    await settle();
    expect(handlers).not.toBeNull();
    expect(handlers!.getToken()).toBe('token-1');
    handlers!.onHealth(true);

    // Another device of this user pushes; the server pokes this one.
    server.push(
      USER,
      {
        clientId: 'other-device',
        ops: [
          {
            opId: 'o1',
            uid: 'u-1',
            baseV: 0,
            kind: 'upsert',
            fields: {
              title: { value: 'From the phone', hlc: PHONE_STAMP },
              description: { value: 'x', hlc: PHONE_STAMP },
            },
          },
        ],
      },
      Date.now(),
    );
    const pullsBefore = calls.filter((call) => call.method === 'GET').length;
    handlers!.onPoke(1);
    await vi.advanceTimersByTimeAsync(149);
    expect(calls.filter((call) => call.method === 'GET').length).toBe(pullsBefore);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(tasks.tasks.map((t) => t.title)).toEqual(['From the phone']);

    // Stream up: no poll after 4 s, one after a minute.
    const pullsAfterPoke = calls.filter((call) => call.method === 'GET').length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.filter((call) => call.method === 'GET').length).toBe(pullsAfterPoke);
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(calls.filter((call) => call.method === 'GET').length).toBe(pullsAfterPoke + 1);

    stop?.();
    stop = null;
    expect(closed).toBe(true);
  });
});

describe('live stream refused', () => {
  it('falls back to polling every 4 s when the server refuses to reopen the stream (503)', async () => {
    const { calls, begin } = start();
    // The first stream delivers a poke (the stream is up), then drops; the server then refuses (503).
    let dropFirst: (() => void) | null = null;
    const encoder = new TextEncoder();
    const streamFetch = vi
      .fn<typeof fetch>()
      .mockImplementationOnce(async () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('retry: 5000\n\nevent: poke\ndata: {"seq":0}\n\n'));
            dropFirst = () => controller.error(new TypeError('network error'));
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      })
      .mockImplementation(async () =>
        Response.json({ code: 'SERVICE_UNAVAILABLE' }, { status: 503, headers: { 'Retry-After': '60' } }),
      );
    begin({
      ...environment,
      openStream: (handlers) =>
        openPokeStream({ url: '/api/sync/stream', fetch: streamFetch, random: () => 0, ...handlers }),
    });
    await settle();
    const pulls = () => calls.filter((call) => call.method === 'GET').length;
    const first = pulls();
    // Up: no poll within 30 s.
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(pulls()).toBe(first);
    dropFirst!();
    // The reconnect (after 0.5 s) is refused: polling goes back to every 4 s at once.
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(streamFetch).toHaveBeenCalledTimes(2);
    const afterRefusal = pulls();
    await vi.advanceTimersByTimeAsync(8_000);
    await settle();
    expect(pulls()).toBeGreaterThanOrEqual(afterRefusal + 2);
    // And the stream is not asked again before Retry-After.
    expect(streamFetch).toHaveBeenCalledTimes(2);
  });
});

describe('tabs', () => {
  it('leaves the network to the tab holding the lock; this one records its edits, then syncs when it gets the lock', async () => {
    const { server, tasks, storage, calls, begin } = start();
    let grant: (() => void) | null = null;
    let release: Promise<void> | null = null;
    begin({
      ...environment,
      requestLock: (_name, callback) =>
        new Promise((resolve) => {
          grant = () => {
            release = callback();
            resolve(release);
          };
        }),
    });
    await settle();
    tasks.command((list) => [...list, task('1', 'From a waiting tab')]);
    await vi.advanceTimersByTimeAsync(10_000);

    expect(calls).toEqual([]);
    expect(Object.keys(metaOf(storage).dirty)).toHaveLength(1);
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'syncing', pending: 1 });

    grant!();
    await settle();
    expect([...server.viewOf(USER).values()].map((values) => values.title)).toEqual(['From a waiting tab']);
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'synced', pending: 0 });

    stop?.();
    stop = null;
    await expect(release).resolves.toBeUndefined();
  });
});

describe('randomId', () => {
  it('makes v4 UUIDs without crypto.randomUUID (insecure contexts)', () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(crypto.randomUUID).toBeUndefined();
      const id = randomId();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(randomId()).not.toBe(id);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});

describe('archived work', () => {
  const DAY = 24 * 60 * 60_000;

  /** Another device creates a whole task on the server. */
  function pushTask(server: MemoryServer, uid: string, values: Record<string, unknown>): void {
    const hlc = formatHlc({ wall: START_MS, counter: 0, node: 'phone' });
    const fields = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, { value: value as Json, hlc }]),
    );
    server.push(
      USER,
      { clientId: 'other', ops: [{ opId: uid, uid, baseV: 0, kind: 'upsert', fields }] },
      START_MS,
    );
  }

  it('leaves this browser at the server’s cutoff, unless opened from the archive on this page', async () => {
    const { server, tasks, begin } = start();
    const { id: _id, ...open } = task('x', 'Still open', { progress: 40 });
    const { id: _id2, ...done } = task('y', 'Done long ago', {
      progress: 100,
      completedAt: new Date(START_MS - 90 * DAY).toISOString(),
    });
    pushTask(server, 'srv-open', open);
    pushTask(server, 'srv-done', done);
    // The reference server has no archive: the answer gets the cutoff a server with one would give.
    const archivedBefore = new Date(START_MS - 30 * DAY).toISOString();
    const original = server.pull.bind(server);
    server.pull = (...args) => ({ ...original(...args), archivedBefore });
    begin();
    await settle();
    expect(tasks.tasks.map((item) => item.title)).toEqual(['Still open']);

    // Opened from the archive: back, and kept by the next pulls.
    const row = original(USER, '0:', 500).changes.find((change) => change.uid === 'srv-done')!;
    expect(bringBackArchivedTask(row)).toBe('srv-done');
    expect(tasks.tasks.map((item) => item.title)).toEqual(['Still open', 'Done long ago']);
    pushTask(server, 'srv-new', { ...open, title: 'Another' });
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    await settle();
    expect(tasks.tasks.map((item) => item.title)).toEqual(['Still open', 'Done long ago', 'Another']);
  });
});
