/**
 * The comment threads this browser read last, kept so that an open task shows its comments without a
 * connection (docs/product.md#comments): the whole thread as last read, with when, for the signed-in
 * person only (another account signed in here reads none of it), at most THREAD_CACHE_MAX threads
 * (the least recently read go first) and nothing past THREAD_CACHE_MAX_COMMENTS comments a thread.
 * Team data: the logout removes it (features/sync/client/client.ts). A failed write (storage full) is ignored:
 * the cache is a convenience, the server has every comment.
 */
import { isTaskComment } from '@/features/comments/client/comments-api';
import { createNullableStore } from '@/shared/browser-storage/local-store';
import { COMMENT_THREADS_KEY } from '@/shared/browser-storage/keys';
import { INVALID, isRecord, parser } from '@/shared/validation/parsers';
import type { TaskComment } from '../model/protocol';

export const THREAD_CACHE_MAX = 30;
/** A longer thread is kept up to here (its oldest comments); the rest needs the server. */
export const THREAD_CACHE_MAX_COMMENTS = 200;

export interface CachedThread {
  uid: string;
  comments: TaskComment[];
  readers: string[] | null;
  /** ISO time it was read from the server. */
  savedAt: string;
}

interface CachedThreads {
  user: string;
  threads: CachedThread[];
}

const threadParser = (value: unknown): CachedThread | null => {
  if (!isRecord(value)) return null;
  const { uid, comments, readers, savedAt } = value;
  if (typeof uid !== 'string' || typeof savedAt !== 'string' || !Array.isArray(comments)) return null;
  if (readers !== null && !(Array.isArray(readers) && readers.every((id) => typeof id === 'string'))) {
    return null;
  }
  return { uid, comments: comments.filter(isTaskComment), readers: readers as string[] | null, savedAt };
};

const cacheStore = createNullableStore<CachedThreads>(
  COMMENT_THREADS_KEY,
  parser((value) => {
    if (!isRecord(value) || typeof value.user !== 'string' || !Array.isArray(value.threads)) return INVALID;
    const threads = value.threads.map(threadParser).filter((thread) => thread !== null);
    return { user: value.user, threads };
  }),
);

/** The thread of `uid` as `user` last read it here, or null. */
export function cachedThread(user: string, uid: string): CachedThread | null {
  const stored = cacheStore.read();
  if (stored?.user !== user) return null;
  return stored.threads.find((thread) => thread.uid === uid) ?? null;
}

/** Keeps the thread `user` just read (first in the list); another person's threads are dropped. */
export function rememberThread(
  user: string,
  thread: Omit<CachedThread, 'savedAt'>,
  now: Date = new Date(),
): void {
  const stored = cacheStore.read();
  const others = stored?.user === user ? stored.threads.filter((kept) => kept.uid !== thread.uid) : [];
  const saved: CachedThread = {
    uid: thread.uid,
    comments: thread.comments.slice(0, THREAD_CACHE_MAX_COMMENTS),
    readers: thread.readers,
    savedAt: now.toISOString(),
  };
  try {
    cacheStore.write({ user, threads: [saved, ...others].slice(0, THREAD_CACHE_MAX) });
  } catch {
    // Storage full or refused: the thread is simply not kept.
  }
}
