/**
 * Team sync's keys in localStorage (docs/product.md#storage-keys), apart from the engine so that code
 * on every page (the logout) can look for them without loading it.
 */
export const SYNC_META_KEY = 'tasklane.sync';
/** The open conflict records the leader fetched, for every tab: `{ userId, conflicts }`. */
export const SYNC_CONFLICTS_KEY = 'tasklane.syncConflicts';
/**
 * The admin dashboard's last team figures (GET /api/sync/summary), shown marked as such while the
 * server cannot be reached: `{ summary }`. Team data: the logout removes it with the keys above
 * (features/sync/client/client.ts).
 */
export const TEAM_SUMMARY_KEY = 'tasklane.teamSummary';
/**
 * Comments written without a connection, waiting to be posted (features/comments/client/outbox.ts): an array of
 * `{ id, task, author, body, mentions, queuedAt, failed? }`. Team data: the logout removes it.
 */
export const COMMENT_OUTBOX_KEY = 'tasklane.commentOutbox';
/**
 * The comment threads this browser last read, for reading them offline (features/comments/client/thread-cache.ts):
 * `{ user, threads: [{ uid, comments, readers, savedAt }] }`, most recent first. Team data: the logout
 * removes it.
 */
export const COMMENT_THREADS_KEY = 'tasklane.commentThreads';
/**
 * The newest inbox entry this browser has looked at for desktop notifications (features/inbox/model/desktop.ts):
 * `{ user, at }`. The logout removes it with the keys above.
 */
export const INBOX_NOTIFIED_KEY = 'tasklane.inboxNotified';

/**
 * The team's label set as last received (features/tasks/client/labels.ts, features/tasks/ui/use-labels.ts):
 * an array of `{ id, name, color }`. Team data: the logout removes it.
 */
export const TEAM_LABELS_KEY = 'tasklane.teamLabels';

/**
 * The projects this person has a role in, as last received (features/projects/client/projects-store.ts):
 * an array of projects. Team data: the logout removes it.
 */
export const TEAM_PROJECTS_KEY = 'tasklane.teamProjects';

/** Every key above that holds team data besides the bookkeeping: the logout removes each (features/sync/client/engine/logout.ts). */
export const TEAM_DATA_KEYS = [
  SYNC_CONFLICTS_KEY,
  TEAM_SUMMARY_KEY,
  COMMENT_OUTBOX_KEY,
  COMMENT_THREADS_KEY,
  INBOX_NOTIFIED_KEY,
  TEAM_LABELS_KEY,
  TEAM_PROJECTS_KEY,
] as const;
