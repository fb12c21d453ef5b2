'use client';

import { useId, useState } from 'react';
import { editComment } from '@/lib/api/comments';
import { describeRequestFailure } from '@/lib/api/failure-message';
import { checkCommentBody } from '@/lib/comments/rules';
import type { TaskComment } from '@/lib/comments/protocol';
import { Button } from '@/components/ui/button';
import { FIELD_INPUT } from '@/components/ui/styles';
import { FieldFrame } from '@/components/ui/text-field';
import { handleBoxKeys } from './comment-box-keys';
import { COMMENTS_TEXTS } from './comment-texts';

/** The author's own comment, edited in place: Enter or Save keeps it, Escape or Cancel leaves it. */
export function CommentEditForm({
  comment,
  onDone,
}: {
  comment: TaskComment;
  onDone: (changed: TaskComment | null) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState(comment.body);
  const [error, setError] = useState<string | null>(null);
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
    setSaving(true);
    try {
      onDone(await editComment(comment.id, { body: check.body }));
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
      <FieldFrame inputId={inputId} label={COMMENTS_TEXTS.editLabel} error={error ?? undefined}>
        <textarea
          id={inputId}
          value={text}
          rows={3}
          autoFocus
          className={`${FIELD_INPUT} resize-y`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(event) =>
            handleBoxKeys(
              event,
              () => onDone(null),
              () => void save(),
            )
          }
        />
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
