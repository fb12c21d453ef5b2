'use client';

import { useRef, useState } from 'react';
import { postComment } from '@/lib/api/comments';
import { describeRequestFailure } from '@/lib/api/failure-message';
import { mentionedIds } from '@/lib/comments/mentions';
import { commentOutboxStore, isUnreachable, queueComment } from '@/lib/comments/outbox';
import type { TaskComment } from '@/lib/comments/protocol';
import { checkCommentBody } from '@/lib/comments/rules';
import { randomId } from '@/lib/sync/random-id';
import { Button } from '@/components/ui/button';
import { COMMENTS_TEXTS } from './comment-texts';
import { MentionField } from './mention-picker';
import { useCommentBox } from './use-mention-picker';

/**
 * The box to write a comment, with the list of people to mention (`@`). A comment that cannot reach
 * the server is queued in the outbox and sent later.
 */
export function CommentComposer({
  uid,
  author,
  readers,
  onSent,
}: {
  uid: string;
  /** Who may see the task (the `@` list offers only them); null: not known, everyone. */
  readers: readonly string[] | null;
  /** The signed-in user's id: what cannot be sent now is queued under it. */
  author: string | null;
  onSent: (comment: TaskComment) => void;
}) {
  // The people picked from its list; those the text still names when it is sent are mentioned.
  const box = useCommentBox('', readers);
  const { text, setText, setError, picker } = box;
  const [sending, setSending] = useState(false);
  // The id of the comment being sent, kept until it is stored: sending again after a failure is a
  // retry the server recognises (ADR 0030), not a second comment.
  const pendingId = useRef<{ id: string; key: string } | null>(null);
  function queueForLater(id: string, from: string, body: string, mentions: string[]): boolean {
    try {
      commentOutboxStore.update((queue) =>
        queueComment(queue, {
          id,
          task: uid,
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
      if (author !== null && isUnreachable(failure) && queueForLater(id, author, check.body, mentions)) {
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

  return (
    <form
      className="space-y-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <MentionField
        box={box}
        label={COMMENTS_TEXTS.write}
        placement="above"
        onEnter={() => void send()}
        onEscape={null}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? COMMENTS_TEXTS.sending : COMMENTS_TEXTS.send}
        </Button>
      </div>
    </form>
  );
}
