/**
 * Comments written without a connection (docs/product.md#comments): kept in browser storage (they
 * survive closing the tab) and posted when the server can be reached again. Each keeps the id the
 * browser gave it, so a post repeated after a lost answer is recognised (ADR 0030) and two tabs
 * sending the same queue store each comment once.
 */
import { postComment } from '@/features/comments/client/comments-api';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { ApiError } from '@/shared/http/http';
import { createLocalStore } from '@/shared/browser-storage/local-store';
import { COMMENT_OUTBOX_KEY } from '@/shared/browser-storage/keys';
import { arrayOf, INVALID, isRecord, parser } from '@/shared/validation/parsers';
import { announceComments } from '@/shared/realtime/live-comments';

export { COMMENT_OUTBOX_KEY };
export const OUTBOX_SEND_FAILED = 'Could not send the comment';

export interface QueuedComment {
  id: string;
  task: string;
  /** The user id of whoever wrote it: another account signed in here does not send it. */
  author: string;
  body: string;
  mentions: string[];
  /** ISO time it was written. */
  queuedAt: string;
  /** The server refused it: why (it is kept, shown, until discarded). */
  failed?: string;
}

const queuedParser = parser<QueuedComment>((value) => {
  if (!isRecord(value)) return INVALID;
  const { id, task, author, body, mentions, queuedAt, failed } = value;
  if (
    typeof id !== 'string' ||
    typeof task !== 'string' ||
    typeof author !== 'string' ||
    typeof body !== 'string' ||
    typeof queuedAt !== 'string' ||
    !Array.isArray(mentions) ||
    !mentions.every((item) => typeof item === 'string') ||
    (failed !== undefined && typeof failed !== 'string')
  ) {
    return INVALID;
  }
  return { id, task, author, body, mentions: mentions as string[], queuedAt, ...(failed ? { failed } : {}) };
});

export const commentOutboxStore = createLocalStore<QueuedComment[]>({
  key: COMMENT_OUTBOX_KEY,
  schema: arrayOf(queuedParser),
  fallback: [],
});

/** The queue with `item` at its end (one with its id replaced). */
export function queueComment(queue: readonly QueuedComment[], item: QueuedComment): QueuedComment[] {
  return [...queue.filter((queued) => queued.id !== item.id), item];
}

export function dropQueued(queue: readonly QueuedComment[], id: string): QueuedComment[] {
  return queue.filter((queued) => queued.id !== id);
}

export function markFailed(queue: readonly QueuedComment[], id: string, message: string): QueuedComment[] {
  return queue.map((queued) => (queued.id === id ? { ...queued, failed: message } : queued));
}

/** What `author` queued for `task`, in the order written. */
export function queuedFor(queue: readonly QueuedComment[], author: string, task: string): QueuedComment[] {
  return queue.filter((queued) => queued.author === author && queued.task === task);
}

/** Whether a failed post is worth queueing: the server was not reached, or did not answer in time. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
}

/** Whether a queued post should wait and be tried again (not reached, too many, the server failing). */
function tryLater(error: unknown): boolean {
  return (
    isUnreachable(error) ||
    (error instanceof ApiError && (error.status === 429 || (error.status ?? 0) >= 500))
  );
}

let flushing = false;

/**
 * Posts what `author` queued, oldest first, once each: a stored one leaves the queue (and the open
 * thread and the counts are told); one the server refuses stays, marked with its message; the first
 * that cannot be sent yet stops the round (the next one tries again).
 */
export async function flushCommentOutbox(author: string, post = postComment): Promise<void> {
  if (flushing) return;
  flushing = true;
  try {
    for (const item of commentOutboxStore.read()) {
      if (item.author !== author || item.failed !== undefined) continue;
      try {
        await post(item.id, {
          task: item.task,
          body: item.body,
          ...(item.mentions.length > 0 ? { mentions: item.mentions } : {}),
        });
        commentOutboxStore.update((queue) => dropQueued(queue, item.id));
        announceComments(item.task);
      } catch (error) {
        if (tryLater(error)) return;
        commentOutboxStore.update((queue) =>
          markFailed(queue, item.id, describeRequestFailure(error, OUTBOX_SEND_FAILED)),
        );
      }
    }
  } catch {
    // Storage refused the change: the queue is tried again next time.
  } finally {
    flushing = false;
  }
}
