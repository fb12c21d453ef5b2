/**
 * The comment counts of the board's cards and Manage Tasks' rows (docs/product.md#comments): one
 * `GET /api/sync/comments/counts` when the first card asks, again after each `comments` event (a
 * burst of them makes one request), and the count of a thread the task view has just read.
 */
import { fetchCommentCounts } from '@/features/comments/client/comments-api';
import { onCommentsChanged } from '@/shared/realtime/live-comments';
import { createCountsStore } from '@/shared/realtime/counts-store';

const store = createCountsStore(async () => (await fetchCommentCounts()).counts, onCommentsChanged);

/** For useSyncExternalStore: the first subscriber loads the counts and listens for events. */
export const subscribeCommentCounts = store.subscribe;
export const commentCountsSnapshot = store.snapshot;
export const serverCommentCounts = store.serverSnapshot;
/** The task view read a thread: its count (comments not deleted) is known without asking. */
export function setCommentCount(task: string, count: number): void {
  store.set(task, count > 0 ? count : null);
}
