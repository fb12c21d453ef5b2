/**
 * A browser that synced with `tasks` and `tasklane.sync` in localStorage (before the team replica moved
 * to IndexedDB, docs/decisions/0027-team-replica-in-indexeddb.md) moves both into the replica's store
 * once, with the changes that waited, and the keys go (./team-replica.ts runs it at start).
 */
import { getLocalStorage } from '@/shared/browser-storage/local-store';
import { tasksStore } from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import { readMeta, type SyncMeta } from '../replica';
import { SYNC_META_KEY } from '@/shared/browser-storage/keys';
import type { ReplicaDb, TaskMark } from './replica-db';
import { markOfTask } from './replica-writes';

/** The localStorage key of the list before; team mode's list in memory keeps its name. */
export const LEGACY_TASKS_KEY = 'tasks';

/** What a legacy browser held in localStorage, parsed, or null when there is nothing to move. */
function readLegacy(): { tasks: Task[]; meta: SyncMeta | null } | null {
  const storage = getLocalStorage();
  if (!storage) return null;
  let rawMeta: string | null = null;
  let hasTasks = false;
  try {
    rawMeta = storage.getItem(SYNC_META_KEY);
    hasTasks = storage.getItem(LEGACY_TASKS_KEY) !== null;
  } catch {
    return null;
  }
  if (rawMeta === null && !hasTasks) return null;
  let meta: SyncMeta | null = null;
  try {
    meta = rawMeta === null ? null : readMeta(JSON.parse(rawMeta));
  } catch {
    meta = null;
  }
  // Read through the `tasks` key's own store: its lenient rules (invalid items kept aside) apply.
  return { tasks: hasTasks ? tasksStore.read().slice() : [], meta };
}

function removeLegacyKeys(): void {
  const storage = getLocalStorage();
  for (const key of [LEGACY_TASKS_KEY, SYNC_META_KEY]) {
    try {
      storage?.removeItem(key);
    } catch {
      // Nothing more can be done: the copy in IndexedDB is the one read from now on.
    }
  }
}

/**
 * Moves a legacy replica into the database: its tasks (a task of the same id there is replaced),
 * and its bookkeeping when the database has none (then nothing is lost: the outbox and the
 * unsent changes come along). A task moved without its bookkeeping is marked, so the tab that
 * syncs compares it with what it knows. Returns whether the engine must compare every task once.
 */
export async function migrateLegacy(
  db: ReplicaDb,
  stored: { tasks: Task[]; hasMeta: boolean },
): Promise<{ tasks: Task[]; fullDiff: boolean }> {
  const legacy = readLegacy();
  if (!legacy) return { tasks: stored.tasks, fullDiff: false };
  const takeMeta = !stored.hasMeta && legacy.meta !== null;
  const marks: TaskMark[] = takeMeta ? [] : legacy.tasks.map(markOfTask);
  await db.write({
    putTasks: legacy.tasks,
    ...(takeMeta ? { meta: legacy.meta!, wholeMeta: true } : {}),
    addMarks: marks,
  });
  removeLegacyKeys();
  const moved = new Map(legacy.tasks.map((task) => [task.id, task]));
  const tasks = stored.tasks.filter((task) => !moved.has(task.id)).concat(legacy.tasks);
  tasks.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { tasks, fullDiff: takeMeta };
}
