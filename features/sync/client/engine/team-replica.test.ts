import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTasksWriteHook, tasksStore } from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import type { ReplicaDb } from './replica-db';
import { startTeamReplica } from './team-replica';

const TASK = {
  id: '1',
  uid: 'a1b2c3d4-0000-4000-8000-000000000001',
  title: 'Shared',
  description: 'One task of the team',
  priority: 'Medium',
  deadline: '2099-01-01',
  progress: 0,
  assignedTo: 'Tara',
  email: 'tara@example.com',
  status: 'In Progress',
} as unknown as Task;

/** The bookkeeping's read: the test decides when it answers (and with which marks). */
let answerMeta: (marks: { id: string; uid: string }[]) => void = () => {};
const fakeDb = {
  loadTasks: async () => ({ tasks: [TASK], hasMeta: true }),
  loadMeta: () =>
    new Promise((resolve) => {
      answerMeta = (marks) => resolve({ meta: null, marks });
    }),
  write: async () => undefined,
  clearMeta: async () => undefined,
  close: () => undefined,
} as unknown as ReplicaDb;

vi.mock('./replica-db', () => ({ openReplicaDb: async () => fakeDb, replicaDbOf: () => fakeDb }));
vi.mock('./replica-open', () => ({ takeEarlyRead: () => null }));
vi.mock('../client', () => ({ startTeamSync: () => () => undefined, browserEnvironment: () => ({}) }));

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.unstubAllGlobals();
});

describe('team replica: the tab taking over the sync', () => {
  it('records an edit another tab told it of while it read the bookkeeping (its mark not read)', async () => {
    let grant: (() => Promise<void>) | null = null;
    vi.stubGlobal('navigator', {
      locks: {
        request: (_name: string, callback: () => Promise<void>) => {
          grant = callback;
          return new Promise(() => undefined);
        },
      },
    });
    const recorded: { prev: readonly Task[]; next: Task[] }[] = [];
    cleanups.push(
      setTasksWriteHook((prev, next) => {
        recorded.push({ prev, next });
        return { tasks: next };
      }),
    );
    const stop = startTeamReplica({ userId: 'user-1', getToken: () => null });
    cleanups.push(stop);
    const otherTab = new BroadcastChannel('tasklane-team');
    cleanups.push(() => otherTab.close());
    await vi.waitFor(() => expect(tasksStore.read()).toEqual([TASK]));
    await vi.waitFor(() => expect(grant).not.toBeNull());

    // The lock comes (the tab that synced left); while the bookkeeping is read, another tab's edit
    // arrives, its mark written after that read began.
    void grant!();
    const edited = { ...TASK, progress: 50, updatedAt: '2026-01-01T00:00:00.000Z' } as Task;
    otherTab.postMessage({ t: 'tasks', change: { put: [edited], del: [] }, edit: true });
    await vi.waitFor(() => expect(tasksStore.read()).toEqual([edited]));
    answerMeta([]);

    // Handed to the engine as changed (another object before): it compares it with its bookkeeping.
    await vi.waitFor(() =>
      expect(recorded.map(({ prev, next }) => ({ changed: prev[0] !== next[0], task: next[0] }))).toEqual([
        { changed: true, task: edited },
      ]),
    );
  });
});
