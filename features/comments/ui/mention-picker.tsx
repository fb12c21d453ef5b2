'use client';

import { FIELD_INPUT } from '@/shared/ui/styles';
import { FieldFrame } from '@/shared/ui/text-field';
import { handleBoxKeys } from './comment-box-keys';
import { COMMENTS_TEXTS } from './comment-texts';
import { mentionOptionId, type CommentBox, type MentionPicker } from './use-mention-picker';

const PLACEMENT = {
  // The composer is at the foot of the task view: its list opens above it.
  above: 'bottom-full mb-1',
  // An edited comment may be the thread's first, near the top of the view: its list opens below it.
  below: 'top-full mt-1',
} as const;

/**
 * A comment box with its `@` list (the composer's and the edit's): the label, the textarea, the hint
 * `Type @ to mention someone who sees this task.`, the error (cleared on typing), and the list of
 * people to mention while an `@…` is typed. Keys: the list's first (arrows, Enter, Tab; Escape
 * closes it); then Enter runs `onEnter`, Escape `onEscape` (comment-box-keys.ts).
 */
export function MentionField({
  box,
  label,
  placement,
  autoFocus,
  onEnter,
  onEscape,
}: {
  box: CommentBox;
  label: string;
  placement: keyof typeof PLACEMENT;
  autoFocus?: boolean;
  onEnter: () => void;
  onEscape: (() => void) | null;
}) {
  const { inputId, text, error, picker } = box;
  return (
    <FieldFrame inputId={inputId} label={label} hint={COMMENTS_TEXTS.mentionHint} error={error ?? undefined}>
      <div className="relative">
        <textarea
          {...picker.boxProps}
          id={inputId}
          value={text}
          rows={3}
          autoFocus={autoFocus}
          className={`${FIELD_INPUT} resize-y`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
          onChange={(event) => {
            box.setText(event.target.value);
            picker.follow(event.target);
            if (error) box.setError(null);
          }}
          onKeyDown={(event) => {
            if (picker.keyDown(event)) return;
            handleBoxKeys(event, picker.open ? picker.close : onEscape, onEnter);
          }}
        />
        <MentionList picker={picker} placement={placement} />
      </div>
    </FieldFrame>
  );
}

/** The list of people to mention: a click picks; the focus and caret stay in the box. */
function MentionList({ picker, placement }: { picker: MentionPicker; placement: keyof typeof PLACEMENT }) {
  if (!picker.open) return null;
  const { id, matches, activeIndex, pick } = picker.list;
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={COMMENTS_TEXTS.mentionList}
      className={`absolute inset-x-0 ${PLACEMENT[placement]} z-20 max-h-56 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg`}
    >
      {matches.map((person, index) => (
        <li
          key={person.id}
          id={mentionOptionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          className={`cursor-pointer px-3 py-2 text-sm text-slate-900 ${index === activeIndex ? 'bg-brand-100' : ''}`}
          // Keeps the focus (and the caret) in the box.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => pick(person)}
        >
          {person.name}
        </li>
      ))}
    </ul>
  );
}
