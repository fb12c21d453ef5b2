'use client';

import { useRef, useState } from 'react';
import { postComment } from '@/features/comments/client/comments-api';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { mentionedIds } from '@/features/comments/model/mentions';
import { commentOutboxStore, isUnreachable, queueComment } from '@/features/comments/client/outbox';
import type { TaskComment } from '@/features/comments/model/protocol';
import { checkCommentBody } from '@/features/comments/model/rules';
import { randomId } from '@/features/sync/model/random-id';
import { COMMENTS_TEXTS } from './comment-texts';
import type { CommentBox } from './use-mention-picker';

/**
 * Sending the comment box's text to the task `uid`: the people picked that the text still names are
 * mentioned. A comment that cannot reach the server is queued in the outbox under `author` and sent
 * later; any other failure stays in the box with its message.
 */
export function useCommentSend({
  uid,
  author,
  box,
  onSent,
}: {
  uid: string;
  author: string | null;
  box: CommentBox;
  onSent: (comment: TaskComment) => void;
}): { sending: boolean; send: () => Promise<void> } {
  const { text, setText, setError, picker } = box;
  const [sending, setSending] = useState(false);
  // The id of the comment being sent, kept until it is stored: sending again after a failure is a
  // retry the server recognises (ADR 0030), not a second comment.
  const pendingId = useRef<{ id: string; key: string } | null>(null);

  async function send() {
    if (sending) return;
    const check = checkCommentBody(text);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    const mentions = mentionedIds(check.body, picker.picked);
    // Another text or other people: another comment, under a new id.
    const key = JSON.stringify([check.body, mentions]);
    if (pendingId.current?.key !== key) pendingId.current = { id: randomId(), key };
    const { id } = pendingId.current;
    setSending(true);
    setError(null);
    try {
      const comment = await postComment(id, {
        task: uid,
        body: check.body,
        ...(mentions.length > 0 ? { mentions } : {}),
      });
      pendingId.current = null;
      setText('');
      picker.clearPicked();
      onSent(comment);
    } catch (failure) {
      if (author !== null && isUnreachable(failure) && queueForLater(uid, id, author, check.body, mentions)) {
        // Kept in the outbox, shown as `Sending…`, posted once the server can be reached.
        pendingId.current = null;
        setText('');
        picker.clearPicked();
        return;
      }
      setError(describeRequestFailure(failure, COMMENTS_TEXTS.sendFailed));
    } finally {
      setSending(false);
    }
  }

  return { sending, send };
}

/** Puts the comment in the outbox; false when storage refused (the text then stays in the box). */
function queueForLater(task: string, id: string, from: string, body: string, mentions: string[]): boolean {
  try {
    commentOutboxStore.update((queue) =>
      queueComment(queue, {
        id,
        task,
        author: from,
        body,
        mentions,
        queuedAt: new Date().toISOString(),
      }),
    );
    return true;
  } catch {
    // Storage refused: the text stays in the box, with the failure's message.
    return false;
  }
}
