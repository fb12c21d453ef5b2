'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { editComment } from '@/lib/api/comments';
import { describeRequestFailure } from '@/lib/api/failure-message';
import { editedMentionIds } from '@/lib/comments/mentions';
import { checkCommentBody } from '@/lib/comments/rules';
import type { TaskComment } from '@/lib/comments/protocol';
import { Button } from '@/components/ui/button';
import { FIELD_INPUT } from '@/components/ui/styles';
import { FieldFrame } from '@/components/ui/text-field';
import { handleBoxKeys } from './comment-box-keys';
import { COMMENTS_TEXTS } from './comment-texts';
import { MentionList } from './mention-picker';
import { useMentionPicker } from './use-mention-picker';

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
  const inputId = useId();
  const [text, setText] = useState(comment.body);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const picker = useMentionPicker({ readers, text, setText });

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

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (picker.keyDown(event)) return;
    // Escape closes the list of people when it shows, else leaves the edit.
    handleBoxKeys(event, picker.open ? picker.close : () => onDone(null), () => void save());
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
      <FieldFrame
        inputId={inputId}
        label={COMMENTS_TEXTS.editLabel}
        hint={COMMENTS_TEXTS.mentionHint}
        error={error ?? undefined}
      >
        <div className="relative">
          <textarea
            {...picker.boxProps}
            id={inputId}
            value={text}
            rows={3}
            autoFocus
            className={`${FIELD_INPUT} resize-y`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
            onChange={(event) => {
              setText(event.target.value);
              picker.follow(event.target);
              if (error) setError(null);
            }}
            onKeyDown={onKeyDown}
          />
          <MentionList picker={picker} placement="below" />
        </div>
      </FieldFrame>
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
