/**
 * The walk: a pull from the start, after which the synced tasks it did not bring back are dropped (not
 * on the server any more, or not for this user); one left unfinished too long starts again. Also
 * whether a pulled page is idle (would change nothing).
 */
import type { Task } from '@/features/tasks/model/task-types';
import { type PullResponse, START_CURSOR } from '../../model/protocol';
import { tasksByUid } from '../uid-index';
import { isSyncId } from '@/features/sync/model/protocol';
import { frozenKeys, type SyncMeta, touch, touchAll, unpulledUids } from './meta';
import { yieldContested } from './pull';

/**
 * A walk older than this starts again: the server forgets only tombstones older than a day, so a
 * walk this short cannot miss a delete made while it runs.
 */
export const MAX_WALK_AGE_MS = 6 * 60 * 60_000;

/** Starts pulling from the start: every synced task not brought back by the walk is then dropped. */
export function startWalk(meta: SyncMeta, nowMs: number): void {
  meta.walk = nowMs;
  meta.cursor = START_CURSOR;
  for (const entry of Object.values(meta.tasks)) entry.r = 1;
  touchAll(meta);
}

/**
 * Called before each pull: a pull from the start is a walk (a task pushed but never pulled, whose
 * tombstone the server has since forgotten, would otherwise stay here for good), and a walk left
 * unfinished too long starts again. Returns whether it changed `meta` (it started a walk).
 */
export function beforePull(meta: SyncMeta, nowMs: number): boolean {
  if (meta.walk !== null && nowMs - meta.walk > MAX_WALK_AGE_MS) {
    startWalk(meta, nowMs);
    return true;
  }
  if (meta.cursor === START_CURSOR && meta.walk === null && Object.keys(meta.tasks).length > 0) {
    startWalk(meta, nowMs);
    return true;
  }
  return false;
}

/**
 * Whether a pulled page would change nothing: no change, nothing gone, the cursor where it was, the
 * last page, no reset, no walk to finish and no task sent but never pulled (the last page checks
 * those). Then `applyPullPage` (and `finishWalk`) would leave `meta` and the list as they are, so an
 * idle poll need not apply it, nor save the replica again.
 */
export function isIdlePage(meta: SyncMeta, page: PullResponse): boolean {
  if (page.changes.length > 0 || page.gone.length > 0 || page.more || page.reset) return false;
  if (page.cursor !== meta.cursor || meta.walk !== null) return false;
  return unpulledUids(meta).length === 0;
}

/**
 * The walk reached the end: synced tasks it did not bring back are not on the server any more (or
 * not for this user) and leave the list. Their unsent changes are frozen first, so the server still
 * receives them (it keeps them as conflicts).
 */
export function finishWalk(meta: SyncMeta, tasks: readonly Task[]): Task[] {
  meta.walk = null;
  const byUid = tasksByUid(tasks);
  const frozen = frozenKeys(meta);
  const dropped = new Set<string>();
  for (const [uid, entry] of Object.entries(meta.tasks)) {
    if (entry.r === undefined) continue;
    touch(meta, uid);
    yieldContested(meta, uid, byUid.get(uid), null, frozen);
    delete meta.tasks[uid];
    dropped.add(uid);
  }
  if (dropped.size === 0) return tasks as Task[];
  return tasks.filter((task) => !(isSyncId(task.uid) && dropped.has(task.uid)));
}
