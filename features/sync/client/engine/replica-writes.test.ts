import { afterEach, describe, expect, it } from 'vitest';
import { publishSyncStatus, setSyncControls, syncStatusStore, type SyncControls } from '../status-store';
import { sampleTask } from '../../testing/fixtures';
import type { ReplicaDb, ReplicaWrite } from './replica-db';
import { createReplicaWrites } from './replica-writes';
import type { TabMessage } from './tab-channel';

const UID = 'a1b2c3d4-0000-4000-8000-000000000001';

/** A store that keeps every write, and refuses them while `refuse` holds an error. */
function fakeDb() {
  const writes: ReplicaWrite[] = [];
  const db = {
    refuse: null as unknown,
    writes,
    write: async (change: ReplicaWrite) => {
      if (db.refuse) throw db.refuse;
      writes.push(change);
    },
  };
  return db;
}

function setup(leader: boolean) {
  const db = fakeDb();
  const posted: TabMessage[] = [];
  const writes = createReplicaWrites({
    db: () => db as unknown as ReplicaDb,
    isLeader: () => leader,
    post: (message) => posted.push(message),
  });
  return { db, posted, writes };
}

afterEach(() => {
  setSyncControls(null);
  publishSyncStatus({ state: 'off', pending: 0 });
});

describe('createReplicaWrites', () => {
  it('in a tab that does not sync, stores a change with its marks (a deleted task’s identity remembered) and tells the others', async () => {
    const { db, posted, writes } = setup(false);
    writes.remember([sampleTask({ id: '2', uid: UID })]);
    const change = { put: [sampleTask({ id: '1' })], del: ['2'] };
    writes.persist(change);
    await writes.settled();
    expect(db.writes).toEqual([
      {
        putTasks: change.put,
        deleteTaskIds: ['2'],
        addMarks: [
          { id: '1', uid: '' },
          { id: '2', uid: UID },
        ],
      },
    ]);
    expect(posted).toEqual([{ t: 'tasks', change, edit: true }]);
  });

  it('in the tab that syncs, stores a change without marks (the engine records it)', async () => {
    const { db, posted, writes } = setup(true);
    const change = { put: [sampleTask()], del: [] };
    writes.persist(change);
    await writes.settled();
    expect(db.writes).toEqual([{ putTasks: change.put, deleteTaskIds: [], addMarks: [] }]);
    expect(posted).toEqual([{ t: 'tasks', change, edit: false }]);
  });

  it('says sync stopped when storage is full, and stores every task again before it resumes', async () => {
    const { db, writes } = setup(false);
    db.refuse = { name: 'QuotaExceededError' };
    writes.persist({ put: [sampleTask()], del: [] });
    await writes.settled();
    await expect.poll(() => syncStatusStore.getSnapshot().storage).toBe('full');
    expect(syncStatusStore.getSnapshot().state).toBe('stopped');
    expect(writes.storageFailure()).toBe('full');

    await expect(writes.storeAllTasks()).resolves.toBe(false);
    db.refuse = null;
    await expect(writes.storeAllTasks()).resolves.toBe(true);
    expect(writes.storageFailure()).toBeNull();
    expect(db.writes).toHaveLength(1);
    expect(db.writes[0]).toHaveProperty('putTasks');
  });

  it('in the tab that syncs, hands a refusal to the engine', () => {
    const { writes } = setup(true);
    const refusals: string[] = [];
    const engine: Pick<SyncControls, 'storageRefused'> = {
      storageRefused: (failure) => void refusals.push(failure),
    };
    setSyncControls(engine as SyncControls);
    writes.refused('unavailable');
    expect(refusals).toEqual(['unavailable']);
    expect(syncStatusStore.getSnapshot().state).toBe('off');
  });

  it('stores nothing again when nothing was refused', async () => {
    const { db, writes } = setup(false);
    await expect(writes.storeAllTasks()).resolves.toBe(true);
    expect(db.writes).toEqual([]);
  });
});
