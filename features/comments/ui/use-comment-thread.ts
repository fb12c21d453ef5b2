'use client';

import { useCallback, useEffect, useState } from 'react';
import { fetchThread, fetchThreadChanges } from '@/features/comments/client/comments-api';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { readTokenUserId } from '@/shared/auth/token-claims';
import { cachedThread, rememberThread } from '@/features/comments/client/thread-cache';
import { getStoredToken } from '@/shared/session/session';
import { setCommentCount } from '@/features/comments/client/counts-store';
import { mergeComments } from '@/features/comments/model/display';
import { isCommentsStreamUp, onCommentsChanged } from '@/shared/realtime/live-comments';
import { isUnreachable } from '@/features/comments/client/outbox';
import type { TaskComment } from '@/features/comments/model/protocol';

/** Without a live stream, the open thread checks for changes this often (docs/product.md#comments). */
export const COMMENTS_POLL_MS = 3_000;

export const THREAD_LOAD_FAILED = 'Could not load the comments';

export type ThreadState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /**
   * `readers`: who may see the task, so be mentioned (null when the server did not say). `cachedAt`:
   * the server could not be reached, these are the comments as read here then (ISO time).
   */
  | { status: 'ready'; comments: TaskComment[]; readers: readonly string[] | null; cachedAt?: string };

/**
 * The thread of the task `uid` (ADR 0030): read whole when the view opens; then what changed since,
 * each time the live stream says this task's comments (or any) changed, and every few seconds while
 * this tab has no working stream. `apply` puts the answer to this browser's own write in at once.
 */
export function useCommentThread(uid: string): {
  state: ThreadState;
  apply: (comments: TaskComment[]) => void;
  retry: () => void;
} {
  const [state, setState] = useState<ThreadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const apply = useCallback((incoming: TaskComment[]) => {
    setState((current) =>
      current.status === 'ready'
        ? { ...current, comments: mergeComments(current.comments, incoming) }
        : current,
    );
  }, []);

  useEffect(() => followThread(uid, setState, apply), [uid, attempt, apply]);

  // The cards' count of this task follows the thread just read (no request for it).
  const shown =
    state.status === 'ready' ? state.comments.filter((comment) => !comment.deletedAt).length : null;
  useEffect(() => {
    if (shown !== null) setCommentCount(uid, shown);
  }, [uid, shown]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  // What was read from the server is kept for reading offline; a kept copy is read again once online.
  useEffect(() => {
    if (state.status !== 'ready') return;
    if (state.cachedAt !== undefined) {
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }
    const user = readTokenUserId(getStoredToken());
    if (user !== null)
      rememberThread(user, {
        uid,
        comments: state.comments,
        readers: state.readers === null ? null : [...state.readers],
      });
  }, [uid, state, retry]);

  return { state, apply, retry };
}

/**
 * Reads the thread of `uid` whole, then asks for what changed since each time the live stream says its
 * comments (or any) changed, and every few seconds while this tab has no working stream. Returns the
 * stop (the effect's cleanup): the request in flight is aborted.
 */
function followThread(
  uid: string,
  setState: (state: ThreadState) => void,
  apply: (comments: TaskComment[]) => void,
): () => void {
  const controller = new AbortController();
  let since = '';
  let checking = false;
  let again = false;

  async function check(): Promise<void> {
    if (controller.signal.aborted) return;
    // A change told while the thread is still read, or being checked: checked again after.
    if (since === '' || checking) {
      again = true;
      return;
    }
    checking = true;
    try {
      const changes = await fetchThreadChanges(uid, since, { signal: controller.signal });
      since = changes.since;
      apply(changes.comments);
    } catch {
      // Offline or refused: the thread shows what it has; the next event or poll asks again.
    } finally {
      checking = false;
    }
    if (again) {
      again = false;
      void check();
    }
  }

  fetchThread(uid, { signal: controller.signal }).then(
    (thread) => {
      since = thread.since;
      setState({ status: 'ready', comments: thread.comments, readers: thread.readers });
      if (again) {
        again = false;
        void check();
      }
    },
    (error: unknown) => {
      if (!controller.signal.aborted) setState(stateAfterFailure(uid, error));
    },
  );
  const stopListening = onCommentsChanged((task) => {
    if (task === null || task === uid) void check();
  });
  const timer = setInterval(() => {
    if (!isCommentsStreamUp() && document.visibilityState === 'visible') void check();
  }, COMMENTS_POLL_MS);
  return () => {
    controller.abort();
    stopListening();
    clearInterval(timer);
  };
}

/**
 * The thread when reading it failed. Without a connection, the thread as last read here (the server
 * answering an error is not hidden behind an old copy).
 */
function stateAfterFailure(uid: string, error: unknown): ThreadState {
  const user = readTokenUserId(getStoredToken());
  const kept = isUnreachable(error) && user !== null ? cachedThread(user, uid) : null;
  if (kept)
    return { status: 'ready', comments: kept.comments, readers: kept.readers, cachedAt: kept.savedAt };
  return { status: 'error', message: describeRequestFailure(error, THREAD_LOAD_FAILED) };
}
