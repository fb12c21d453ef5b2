'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import { readTokenRole } from '@/shared/auth/token-claims';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { commentOutboxStore, flushCommentOutbox, queuedFor } from '@/features/comments/client/outbox';
import { getStoredToken } from '@/shared/session/session';
import { isSyncId } from '@/features/sync/model/protocol';
import type { Task } from '@/features/tasks/model/task-types';
import { LoadError, LoadingLine } from '@/shared/ui/load-error';
import { useSelfAssignee } from '@/features/tasks/ui/assignee-picker';
import { projectById } from '@/features/projects/model/project';
import { useProjects } from '@/features/projects/client/projects-store';
import { CommentComposer } from './comment-composer';
import { CommentItem, QueuedItem } from './comment-item';
import { COMMENTS_TEXTS } from './comment-texts';
import { RelativeTime, useNow } from '@/shared/ui/relative-time';
import { COMMENTS_POLL_MS, useCommentThread } from './use-comment-thread';

export { COMMENTS_TEXTS } from './comment-texts';

/**
 * The task's comments (docs/product.md#comments), team sync only: the thread, oldest first, and the
 * box to write one. Only the author edits a comment; the author or an admin deletes it; each sees
 * only the actions they may take. Text is shown as React text (never HTML), web addresses as links.
 */
export function CommentsSection({ task }: { task: Task }) {
  // An archived project's tasks take no comment (docs/product.md#projects): the thread is read only.
  const archived = projectById(useProjects(true), task.projectId)?.archived === true;
  if (!isSyncId(task.uid)) return null;
  return <Thread uid={task.uid} archived={archived} />;
}

function Thread({ uid, archived }: { uid: string; archived: boolean }) {
  const headingId = useId();
  const { state, apply, retry } = useCommentThread(uid);
  const self = useSelfAssignee();
  const selfId = self.id;
  const [admin] = useState(() => readTokenRole(getStoredToken()) === 'admin');
  const times = useMemo(
    () => (state.status === 'ready' ? state.comments.map((comment) => comment.createdAt) : []),
    [state],
  );
  const now = useNow(times);
  const queue = useLocalStore(commentOutboxStore);
  const shown = state.status === 'ready' ? state.comments : [];
  const readers = state.status === 'ready' ? state.readers : null;
  // A queued comment the thread already has (sent by another tab) is shown once, as sent.
  const pending = (selfId === null ? [] : queuedFor(queue, selfId, uid)).filter(
    (queued) => !shown.some((comment) => comment.id === queued.id),
  );
  // Any task's comments this person queued are sent from whichever task view is open.
  const waiting = queue.some((queued) => queued.author === selfId && queued.failed === undefined);
  useOutboxFlush(selfId, waiting);
  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {COMMENTS_TEXTS.heading}
      </h3>
      {state.status === 'loading' ? <LoadingLine>{COMMENTS_TEXTS.loading}</LoadingLine> : null}
      {state.status === 'error' ? <LoadError message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && state.cachedAt !== undefined ? (
        <p role="status" className="text-sm text-slate-600">
          {COMMENTS_TEXTS.cached} <RelativeTime iso={state.cachedAt} now={now} />.
        </p>
      ) : null}
      {state.status === 'ready' && shown.length === 0 && pending.length === 0 ? (
        <p className="text-sm text-slate-600">{COMMENTS_TEXTS.empty}</p>
      ) : null}
      {shown.length > 0 || pending.length > 0 ? (
        <ol aria-labelledby={headingId} className="space-y-4">
          {shown.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              now={now}
              canEdit={!archived && selfId !== null && comment.authorId === selfId}
              canDelete={!archived && (admin || (selfId !== null && comment.authorId === selfId))}
              readers={readers}
              onChanged={(changed) => apply([changed])}
            />
          ))}
          {pending.map((queued) => (
            <QueuedItem key={queued.id} queued={queued} authorName={self.name} />
          ))}
        </ol>
      ) : null}
      {archived ? <p className="text-sm text-slate-600">{COMMENTS_TEXTS.archived}</p> : null}
      {state.status !== 'loading' && !archived ? (
        <CommentComposer uid={uid} author={selfId} readers={readers} onSent={(comment) => apply([comment])} />
      ) : null}
    </section>
  );
}

/** While comments wait in the outbox: sent when the view opens, when back online, and every few seconds. */
function useOutboxFlush(author: string | null, waiting: boolean): void {
  useEffect(() => {
    if (author === null || !waiting) return;
    const flush = () => void flushCommentOutbox(author);
    flush();
    window.addEventListener('online', flush);
    const timer = setInterval(() => {
      if (navigator.onLine) flush();
    }, COMMENTS_POLL_MS);
    return () => {
      window.removeEventListener('online', flush);
      clearInterval(timer);
    };
  }, [author, waiting]);
}
