'use client';

import { COMMENTS_TEXTS } from './comment-texts';
import { mentionOptionId, type MentionPicker } from './use-mention-picker';

const PLACEMENT = {
  // The composer is at the foot of the task view: its list opens above it.
  above: 'bottom-full mb-1',
  // An edited comment may be the thread's first, near the top of the view: its list opens below it.
  below: 'top-full mt-1',
} as const;

/**
 * The list of people to mention under (or over) a comment box, while an `@…` is typed in it: put the
 * box and this list in one `relative` element. A click picks; the focus and caret stay in the box.
 */
export function MentionList({
  picker,
  placement,
}: {
  picker: MentionPicker;
  placement: keyof typeof PLACEMENT;
}) {
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
