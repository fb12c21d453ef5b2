'use client';

import type { TaskComment } from '@/features/comments/model/protocol';
import { Button } from '@/shared/ui/button';
import { COMMENTS_TEXTS } from './comment-texts';
import { MentionField } from './mention-picker';
import { useCommentSend } from './use-comment-send';
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
  const { sending, send } = useCommentSend({ uid, author, box, onSent });

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
