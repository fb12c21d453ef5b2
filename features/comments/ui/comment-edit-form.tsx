'use client';

import { useState } from 'react';
import { editComment } from '@/features/comments/client/comments-api';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { editedMentionIds } from '@/features/comments/model/mentions';
import { checkCommentBody } from '@/features/comments/model/rules';
import type { TaskComment } from '@/features/comments/model/protocol';
import { Button } from '@/shared/ui/button';
import { COMMENTS_TEXTS } from './comment-texts';
import { MentionField } from './mention-picker';
import { useCommentBox } from './use-mention-picker';

/**
 * The author's own comment, edited in place: Enter or Save keeps it, Escape or Cancel leaves it.
 * `@` adds people as in the comment box; a mention stays while its `@{name}` stays in the text.
 */
export function CommentEditForm({
  comment,
  readers,
  onDone,
}: {
  comment: TaskComment;
  /** Who may see the task (the `@` list offers only them); null: not known, everyone. */
  readers: readonly string[] | null;
  onDone: (changed: TaskComment | null) => void;
}) {
  const box = useCommentBox(comment.body, readers);
  const { text, setError, picker } = box;
  const [saving, setSaving] = useState(false);

  async function save() {
    if (saving) return;
    const check = checkCommentBody(text);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    if (check.body === comment.body) {
      onDone(null);
      return;
    }
    // Always sent: the mentions the text still names and the people picked now (the server tells
    // only those the comment did not mention before).
    const mentions = editedMentionIds(comment, check.body, picker.picked);
    setSaving(true);
    try {
      onDone(await editComment(comment.id, { body: check.body, mentions }));
    } catch (failure) {
      setError(describeRequestFailure(failure, COMMENTS_TEXTS.saveFailed));
      setSaving(false);
    }
  }

  return (
    <form
      className="mt-1 space-y-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <MentionField
        box={box}
        label={COMMENTS_TEXTS.editLabel}
        placement="below"
        autoFocus
        onEnter={() => void save()}
        onEscape={() => onDone(null)}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {COMMENTS_TEXTS.save}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={() => onDone(null)}>
          {COMMENTS_TEXTS.cancel}
        </Button>
      </div>
    </form>
  );
}
