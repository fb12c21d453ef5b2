/**
 * The browser's replica for team sync (docs/decisions/0013-team-sync.md): what it knows of the server
 * (`tasks`: per synced task the version last pulled and a hash per field), what changed locally since
 * (`dirty`: per task the changed fields' hashes and clock stamps, and a pending delete or restore) and
 * what is being sent (`inflight`: frozen operations, resent as they are until the server answers).
 *
 * Pure apart from mutating the `SyncMeta` it is given (it is parsed fresh from storage for each step and
 * saved after): no storage, no network, no clock. `features/sync/client/client.ts` runs it.
 *
 * The screens' list (`tasks` in localStorage) stays the source of truth for local values: a dirty entry
 * holds only a hash, the value is read from the task when the operation is frozen. A task's view is the
 * server's row with the task's dirty fields on top.
 *
 * The parts, by job, are in ./replica/: the record and what the parts share about it (meta.ts),
 * which fields travel and their hashes (fields.ts), local edits and the first-sync question
 * (local-changes.ts), pushing (push.ts; refusals over a limit: held.ts), pulling (pull.ts), the walk
 * (walk.ts) and archived tasks leaving the browser (evict-archived.ts). This module is the one the
 * rest of the app imports: it re-exports their API, not the helpers they share.
 */
export { createMeta, readMeta, takeTouched, type FirstSyncChoice, type SyncMeta } from './replica/meta';
export { hashValue, travels } from './replica/fields';
export {
  answerFirstSyncChoice,
  recordChanges,
  recordLocalChanges,
  uidsOf,
  unsyncedTasks,
} from './replica/local-changes';
export { heldMessage } from './replica/held';
export { applyPushResponse, freezeOps, hasPending, nextPushBatch, pendingCount } from './replica/push';
export { applyPullPage } from './replica/pull';
export { beforePull, finishWalk, isIdlePage, MAX_WALK_AGE_MS, startWalk } from './replica/walk';
export { evictArchived } from './replica/evict-archived';
