'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { postComment } from '@/lib/api/comments';
import { describeRequestFailure } from '@/lib/api/failure-message';
import { useSyncUsers } from '@/lib/hooks/use-sync-users';
import {
  insertMention,
  matchPeople,
  mentionablePeople,
  mentionedIds,
  mentionQueryAt,
  type MentionPerson,
  type MentionQuery,
} from '@/lib/comments/mentions';
import { commentOutboxStore, isUnreachable, queueComment } from '@/lib/comments/outbox';
import type { TaskComment } from '@/lib/comments/protocol';
import { checkCommentBody } from '@/lib/comments/rules';
import { randomId } from '@/lib/sync/random-id';
import { Button } from '@/components/ui/button';
import { FIELD_INPUT } from '@/components/ui/styles';
import { FieldFrame } from '@/components/ui/text-field';
import { handleBoxKeys } from './comment-box-keys';
import { COMMENTS_TEXTS } from './comment-texts';

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
  const inputId = useId();
  const listId = useId();
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const team = useSyncUsers();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The people picked from the list; those the text still names when it is sent are mentioned.
  const [picked, setPicked] = useState<MentionPerson[]>([]);
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const caretAfterPick = useRef<number | null>(null);
  // The id of the comment being sent, kept until it is stored: sending again after a failure is a
  // retry the server recognises (ADR 0030), not a second comment.
  const pendingId = useRef<{ id: string; key: string } | null>(null);
  const matches = query === null ? [] : matchPeople(mentionablePeople(team.users, readers), query.query);
  const open = matches.length > 0;
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));

  useEffect(() => {
    const caret = caretAfterPick.current;
    if (caret === null) return;
    caretAfterPick.current = null;
    boxRef.current?.setSelectionRange(caret, caret);
  }, [text]);

  // The option the arrow keys reached stays in sight in a list taller than its box.
  useEffect(() => {
    if (open) document.getElementById(`${listId}-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, listId, activeIndex]);

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
    caretAfterPick.current = inserted.caret;
    setText(inserted.text);
    setPicked((list) => [...list, { id: person.id, name: person.name }]);
    setQuery(null);
    box.focus();
  }

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
    const mentions = mentionedIds(check.body, picked);
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
      setPicked([]);
      onSent(comment);
    } catch (failure) {
      if (author !== null && isUnreachable(failure) && queueForLater(id, author, check.body, mentions)) {
        // Kept in the outbox, shown as `Sending…`, posted once the server can be reached.
        pendingId.current = null;
        setText('');
        setPicked([]);
        return;
      }
      setError(describeRequestFailure(failure, COMMENTS_TEXTS.sendFailed));
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : matches.length - 1;
        setActive((activeIndex + step) % matches.length);
        return;
      }
      if ((event.key === 'Enter' && !event.nativeEvent.isComposing) || event.key === 'Tab') {
        event.preventDefault();
        pick(matches[activeIndex]!);
        return;
      }
    }
    // Escape closes the list of people, when it shows.
    handleBoxKeys(event, open ? () => setQuery(null) : null, () => void send());
  }

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <form
      className="space-y-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <FieldFrame
        inputId={inputId}
        label={COMMENTS_TEXTS.write}
        hint={COMMENTS_TEXTS.mentionHint}
        error={error ?? undefined}
      >
        {/* The list opens above the box: the box is at the foot of the task view. */}
        <div className="relative">
          <textarea
            ref={boxRef}
            id={inputId}
            value={text}
            rows={3}
            className={`${FIELD_INPUT} resize-y`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
            aria-autocomplete="list"
            aria-controls={open ? listId : undefined}
            aria-activedescendant={open ? optionId(activeIndex) : undefined}
            onChange={(event) => {
              setText(event.target.value);
              follow(event.target);
              if (error) setError(null);
            }}
            onSelect={(event) => follow(event.currentTarget)}
            onBlur={() => setQuery(null)}
            onKeyDown={onKeyDown}
          />
          {open ? (
            <ul
              id={listId}
              role="listbox"
              aria-label={COMMENTS_TEXTS.mentionList}
              className="absolute inset-x-0 bottom-full z-20 mb-1 max-h-56 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
            >
              {matches.map((person, index) => (
                <li
                  key={person.id}
                  id={optionId(index)}
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
          ) : null}
        </div>
      </FieldFrame>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? COMMENTS_TEXTS.sending : COMMENTS_TEXTS.send}
        </Button>
      </div>
    </form>
  );
}
