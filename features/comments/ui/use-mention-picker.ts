'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useSyncUsers } from '@/features/accounts/ui/use-sync-users';
import {
  insertMention,
  matchPeople,
  mentionablePeople,
  mentionQueryAt,
  type MentionPerson,
  type MentionQuery,
} from '@/features/comments/model/mentions';

/** What a comment box needs from its list of people to mention (`@`): see `useMentionPicker`. */
export interface MentionPicker {
  /** The people picked from the list since the box was emptied; the text may no longer name some. */
  picked: readonly MentionPerson[];
  clearPicked: () => void;
  /** Whether the list shows (an `@…` is being typed and someone matches it). */
  open: boolean;
  close: () => void;
  /** Reads the `@…` at the caret again: call it from the box's onChange. */
  follow: (box: HTMLTextAreaElement) => void;
  /** The list's keys (arrows move, Enter or Tab picks); true when the key was the list's. */
  keyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** Spread on the textarea. */
  boxProps: {
    ref: RefObject<HTMLTextAreaElement | null>;
    'aria-autocomplete': 'list';
    'aria-controls': string | undefined;
    'aria-activedescendant': string | undefined;
    onSelect: (event: { currentTarget: HTMLTextAreaElement }) => void;
    onBlur: () => void;
  };
  /** For `MentionList`. */
  list: {
    id: string;
    matches: readonly MentionPerson[];
    activeIndex: number;
    pick: (person: MentionPerson) => void;
  };
}

/** A comment box's state: its text, the error shown under it, and its `@` list (`MentionField`). */
export interface CommentBox {
  inputId: string;
  text: string;
  setText: (text: string) => void;
  error: string | null;
  setError: (error: string | null) => void;
  picker: MentionPicker;
}

/** The state of a comment box holding `initial` at first, its `@` list offering `readers`. */
export function useCommentBox(initial: string, readers: readonly string[] | null): CommentBox {
  const inputId = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const picker = useMentionPicker({ readers, text, setText });
  return { inputId, text, setText, error, setError, picker };
}

/** The id of the list's option at `index` (the box's aria-activedescendant). */
export function mentionOptionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

/**
 * The `@` list of a comment box (docs/product.md#comments): follows the `@…` typed at the caret,
 * offers the people who may see the task (`readers`; null: not known, everyone) whose name matches,
 * and puts the picked one in the text as `@{name} `, the caret after it.
 */
export function useMentionPicker({
  readers,
  text,
  setText,
}: {
  readers: readonly string[] | null;
  text: string;
  setText: (text: string) => void;
}): MentionPicker {
  const listId = useId();
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const team = useSyncUsers();
  const [picked, setPicked] = useState<MentionPerson[]>([]);
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const caretAfterPickRef = useCaretAfterPick(boxRef, text);
  const matches = query === null ? [] : matchPeople(mentionablePeople(team.users, readers), query.query);
  const open = matches.length > 0;
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));

  useActiveOptionInSight(open, listId, activeIndex);

  function follow(box: HTMLTextAreaElement) {
    const next =
      box.selectionStart === box.selectionEnd ? mentionQueryAt(box.value, box.selectionStart) : null;
    setQuery((current) =>
      current?.start === next?.start && current?.query === next?.query ? current : next,
    );
    if (next?.start !== query?.start) setActive(0);
  }

  function pick(person: MentionPerson) {
    const box = boxRef.current;
    if (!box || query === null) return;
    const inserted = insertMention(text, query, box.selectionStart, person.name);
    caretAfterPickRef.current = inserted.caret;
    setText(inserted.text);
    setPicked((list) => [...list, { id: person.id, name: person.name }]);
    setQuery(null);
    box.focus();
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : matches.length - 1;
      setActive((activeIndex + step) % matches.length);
      return true;
    }
    if ((event.key === 'Enter' && !event.nativeEvent.isComposing) || event.key === 'Tab') {
      event.preventDefault();
      pick(matches[activeIndex]!);
      return true;
    }
    return false;
  }

  const close = () => setQuery(null);
  return {
    picked,
    clearPicked: () => setPicked([]),
    open,
    close,
    follow,
    keyDown,
    boxProps: {
      ref: boxRef,
      'aria-autocomplete': 'list',
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? mentionOptionId(listId, activeIndex) : undefined,
      onSelect: (event) => follow(event.currentTarget),
      onBlur: close,
    },
    list: { id: listId, matches, activeIndex, pick },
  };
}

/**
 * Where the caret goes once the text a pick changed has redrawn: set the returned ref to the position
 * before calling `setText`.
 */
function useCaretAfterPick(boxRef: RefObject<HTMLTextAreaElement | null>, text: string) {
  const caretAfterPick = useRef<number | null>(null);
  useEffect(() => {
    const caret = caretAfterPick.current;
    if (caret === null) return;
    caretAfterPick.current = null;
    boxRef.current?.setSelectionRange(caret, caret);
  }, [boxRef, text]);
  return caretAfterPick;
}

/** The option the arrow keys reached stays in sight in a list taller than its box. */
function useActiveOptionInSight(open: boolean, listId: string, activeIndex: number) {
  useEffect(() => {
    if (open)
      document.getElementById(mentionOptionId(listId, activeIndex))?.scrollIntoView({ block: 'nearest' });
  }, [open, listId, activeIndex]);
}
