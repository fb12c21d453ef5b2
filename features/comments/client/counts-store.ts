/**
 * The comment counts of the board's cards and Manage Tasks' rows (docs/product.md#comments): one
 * `GET /api/sync/comments/counts` when the first card asks, again after each `comments` event (a
 * burst of them makes one request), and the count of a thread the task view has just read.
 */
import { fetchCommentCounts } from '@/features/comments/client/comments-api';
import { onCommentsChanged } from '@/shared/realtime/live-comments';

/** Events closer together than this make one request. */
const REFRESH_DELAY_MS = 300;

let counts: Readonly<Record<string, number>> = {};
let loaded = false;
let loading = false;
let again = false;
let timer: ReturnType<typeof setTimeout> | null = null;
let stopListening: (() => void) | null = null;
const listeners = new Set<() => void>();

function publish(next: Readonly<Record<string, number>>): void {
  counts = next;
  for (const listener of [...listeners]) listener();
}

async function load(): Promise<void> {
  if (loading) {
    again = true;
    return;
  }
  loading = true;
  try {
    publish((await fetchCommentCounts()).counts);
    loaded = true;
  } catch {
    // Offline or refused: the cards keep what they showed; the next event asks again.
  } finally {
    loading = false;
  }
  if (again) {
    again = false;
    void load();
  }
}

function scheduleLoad(): void {
  if (timer !== null) return;
  timer = setTimeout(() => {
    timer = null;
    void load();
  }, REFRESH_DELAY_MS);
}

/** For useSyncExternalStore: the first subscriber loads the counts and listens for events. */
export function subscribeCommentCounts(listener: () => void): () => void {
  listeners.add(listener);
  if (stopListening === null) stopListening = onCommentsChanged(scheduleLoad);
  if (!loaded && !loading) void load();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopListening?.();
      stopListening = null;
      // Asked again when a card shows next: counts may have changed while none was listening.
      loaded = false;
    }
  };
}

export function commentCountsSnapshot(): Readonly<Record<string, number>> {
  return counts;
}

const NONE: Readonly<Record<string, number>> = {};

export function serverCommentCounts(): Readonly<Record<string, number>> {
  return NONE;
}

/** The task view read a thread: its count (comments not deleted) is known without asking. */
export function setCommentCount(task: string, count: number): void {
  if ((counts[task] ?? 0) === count) return;
  const next = { ...counts };
  if (count > 0) next[task] = count;
  else delete next[task];
  publish(next);
}
