'use client';

import { useState } from 'react';
import { deleteComment } from '@/features/comments/client/comments-api';
import { describeRequestFailure } from '@/shared/http/failure-message';
import type { TaskComment } from '@/features/comments/model/protocol';
import { COMMENTS_TEXTS } from './comment-texts';

/**
 * Deleting one comment: the confirmation's state, the request, and the sentence when it failed
 * (shown under the comment; cleared by a delete that works or by `Edit`).
 */
export function useCommentDelete(commentId: string, onChanged: (comment: TaskComment) => void) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    try {
      onChanged(await deleteComment(commentId));
      setConfirming(false);
      setError(null);
    } catch (failure) {
      setConfirming(false);
      setError(describeRequestFailure(failure, COMMENTS_TEXTS.deleteFailed));
    } finally {
      setBusy(false);
    }
  }

  return { confirming, setConfirming, busy, error, setError, remove };
}
