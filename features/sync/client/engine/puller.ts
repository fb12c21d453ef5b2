/**
 * The pull loop of one sync cycle (docs/decisions/0013-team-sync.md): pages from `/api/sync/pull`
 * applied to the tasks and the replica until the last one, a `reset` answered by a walk from the
 * start, and the archive (docs/product.md#archived-tasks): work completed before the server's cutoff
 * leaves this browser, except the tasks opened from the archive on this page (`bringBack`).
 *
 * Invariants: a step saves the metadata or gives it back before it awaits; an idle poll writes
 * nothing; archived work is looked for at the first last page, then at most once an hour.
 */
import { isArchived } from '@/features/tasks/model/archive';
import type { Task } from '@/features/tasks/model/task-types';
import { SYNC_LIMITS, type PulledTask, type PullResponse } from '../../model/protocol';
import {
  applyPullPage,
  beforePull,
  evictArchived,
  finishWalk,
  isIdlePage,
  startWalk,
  type SyncMeta,
} from '../replica';
import type { SyncTransport } from './transport';
import type { WorkingMeta } from './working-meta';

const PULL_PAGE_SIZE = SYNC_LIMITS.maxPullLimit;
const EVICTION_INTERVAL_MS = 60 * 60_000;

export interface Puller {
  pullAll(): Promise<void>;
  /**
   * An archived task opened from the server's pages (docs/product.md#archived-tasks): it joins this
   * browser's tasks as a pulled row would, and stays for this page's life (the eviction skips it).
   * Returns the key to open it with.
   */
  bringBack(row: PulledTask): string;
}

/** The archive cutoff a last page gave, in ms; null when it gave none (an older server). */
function archiveCutoffOf(page: PullResponse): number | null {
  const cutoff = page.archivedBefore === undefined ? NaN : Date.parse(page.archivedBefore);
  return Number.isFinite(cutoff) ? cutoff : null;
}

export function createPuller(ports: {
  meta: Pick<WorkingMeta, 'saveMeta' | 'workingMeta' | 'putBack'>;
  readTasks: () => readonly Task[];
  /** Writes the list (when it changed) then the metadata, in one turn. */
  commit: (meta: SyncMeta, before: readonly Task[], after: readonly Task[]) => void;
  pull: SyncTransport['pull'];
  /** Sends what waits (before a walk from the start). */
  pushAll: () => Promise<void>;
  now: () => number;
  isStopped: () => boolean;
  /** A page brought changes or removals (the conflict list may be out of date). */
  onChanges: () => void;
}): Puller {
  const { meta: steps, readTasks, commit, now, isStopped } = ports;
  /** Tasks opened from the archive on this page: kept until it closes. */
  const keptFromArchive = new Set<string>();
  /** When archived work was last looked for (ms). */
  let lastEviction = 0;

  async function pullAll(): Promise<void> {
    for (let pages = 0; ; pages++) {
      if (isStopped()) return;
      const meta = steps.workingMeta();
      if (!meta) return;
      const walkStarted = beforePull(meta, now());
      const query = { cursor: meta.cursor, limit: PULL_PAGE_SIZE, walk: meta.walk !== null };
      if (walkStarted) steps.saveMeta(meta);
      else steps.putBack(meta);
      const page = await ports.pull(query);
      if (isStopped()) return;
      if (page.changes.length > 0 || page.gone.length > 0) ports.onChanges();
      if (page.reset) {
        await ports.pushAll();
        const walker = steps.workingMeta();
        if (!walker) return;
        startWalk(walker, now());
        steps.saveMeta(walker);
        continue;
      }
      const current = steps.workingMeta();
      if (!current) return;
      const cutoffMs = page.more ? null : archiveCutoffOf(page);
      if (isIdlePage(current, page) && !evictionDue(cutoffMs)) {
        // An idle poll: nothing to apply, nothing to write.
        steps.putBack(current);
        return;
      }
      const tasks = readTasks();
      let next = applyPullPage(current, tasks, page, now());
      if (!page.more && current.walk !== null) next = finishWalk(current, next);
      if (evictionDue(cutoffMs)) {
        // Work completed before the server's cutoff leaves this browser (it stays on the server): at
        // the page's first last page, then hourly. Pulls bring recent work only, so what crosses the
        // cutoff in between is work that aged here, which can wait.
        next = evictArchived(current, next, (task) => isArchived(task, cutoffMs, null), keptFromArchive);
        lastEviction = now();
      }
      commit(current, tasks, next);
      if (!page.more && current.walk === null) return;
    }
  }

  /**
   * Whether a last page should look for archived work (also an idle poll's): tasks cross the cutoff
   * as time passes, without a change on the server, but once an hour is often enough (it looks at
   * every task).
   */
  function evictionDue(cutoffMs: number | null): cutoffMs is number {
    return cutoffMs !== null && now() - lastEviction >= EVICTION_INTERVAL_MS;
  }

  function bringBack(row: PulledTask): string {
    keptFromArchive.add(row.uid);
    const meta = steps.workingMeta();
    if (!meta || row.deleted || meta.tasks[row.uid] !== undefined) {
      if (meta) steps.putBack(meta);
      return row.uid;
    }
    const tasks = readTasks();
    const page = { changes: [row], gone: [], cursor: meta.cursor, more: true, reset: false };
    commit(meta, tasks, applyPullPage(meta, tasks, page, now()));
    return row.uid;
  }

  return { pullAll, bringBack };
}
