'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { deleteComment, editComment, postComment } from '@/lib/api/comments';
import { describeRequestFailure } from '@/lib/api/failure-message';
import { readTokenRole } from '@/lib/auth/token-claims';
import { useLocalStore } from '@/lib/hooks/use-local-store';
import { useSyncUsers } from '@/lib/hooks/use-sync-users';
import { saveSafely } from '@/lib/storage/save-safely';
import { initialsOf, relativeTimeRefreshMs, relativeTimeText } from '@/lib/comments/display';
import type { TaskComment } from '@/lib/comments/protocol';
import {
  insertMention,
  matchPeople,
  mentionedIds,
  mentionQueryAt,
  splitMentions,
  type MentionPerson,
  type MentionQuery,
} from '@/lib/comments/mentions';
import {
  commentOutboxStore,
  dropQueued,
  flushCommentOutbox,
  isUnreachable,
  queueComment,
  queuedFor,
  type QueuedComment,
} from '@/lib/comments/outbox';
import { checkCommentBody } from '@/lib/comments/rules';
import { splitLinks } from '@/lib/format/links';
import { getStoredToken } from '@/lib/storage/session';
import { randomId } from '@/lib/sync/random-id';
import { isSyncId } from '@/lib/sync/uid-index';
import type { Task } from '@/lib/tasks/task';
import { LoadError, LoadingLine } from '@/components/admin/load-error';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FIELD_INPUT, TEXT_LINK } from '@/components/ui/styles';
import { FieldFrame } from '@/components/ui/text-field';
import { useSelfAssignee } from '../assignee-picker';
import { COMMENTS_POLL_MS, useCommentThread } from './use-comment-thread';

export const COMMENTS_TEXTS = {
  heading: 'Comments',
  loading: 'Loading comments…',
  empty: 'No comments yet.',
  write: 'Write a comment',
  send: 'Comment',
  sending: 'Sending…',
  edited: 'edited',
  deleted: 'Comment deleted',
  edit: 'Edit',
  editLabel: 'Edit comment',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteTitle: 'Delete comment',
  deleteBody: 'Its text is erased for everyone who sees this task. This cannot be undone.',
  sendFailed: 'Could not send the comment',
  discard: 'Discard',
  notSent: (message: string) => `Not sent: ${message}`,
  mentionHint: 'Type @ to mention someone who sees this task.',
  mentionList: 'People to mention',
  saveFailed: 'Could not save the comment',
  deleteFailed: 'Could not delete the comment',
} as const;

const exactTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

/**
 * The task's comments (docs/product.md#comments), team sync only: the thread, oldest first, and the
 * box to write one. Only the author edits a comment; the author or an admin deletes it; each sees
 * only the actions they may take. Text is shown as React text (never HTML), web addresses as links.
 */
export function CommentsSection({ task }: { task: Task }) {
  if (!isSyncId(task.uid)) return null;
  return <Thread uid={task.uid} />;
}

function Thread({ uid }: { uid: string }) {
  const headingId = useId();
  const { state, apply, retry } = useCommentThread(uid);
  const self = useSelfAssignee();
  const selfId = self.id;
  const [admin] = useState(() => readTokenRole(getStoredToken()) === 'admin');
  const now = useNow(state.status === 'ready' ? state.comments : []);
  const queue = useLocalStore(commentOutboxStore);
  const shown = state.status === 'ready' ? state.comments : [];
  // A queued comment the thread already has (sent by another tab) is shown once, as sent.
  const pending = (selfId === null ? [] : queuedFor(queue, selfId, uid)).filter(
    (queued) => !shown.some((comment) => comment.id === queued.id),
  );
  // Any task's comments this person queued are sent from whichever task view is open.
  const waiting = queue.some((queued) => queued.author === selfId && queued.failed === undefined);
  useOutboxFlush(selfId, waiting);
  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {COMMENTS_TEXTS.heading}
      </h3>
      {state.status === 'loading' ? <LoadingLine>{COMMENTS_TEXTS.loading}</LoadingLine> : null}
      {state.status === 'error' ? <LoadError message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && shown.length === 0 && pending.length === 0 ? (
        <p className="text-sm text-slate-600">{COMMENTS_TEXTS.empty}</p>
      ) : null}
      {shown.length > 0 || pending.length > 0 ? (
        <ol aria-labelledby={headingId} className="space-y-4">
          {shown.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              now={now}
              canEdit={selfId !== null && comment.authorId === selfId}
              canDelete={admin || (selfId !== null && comment.authorId === selfId)}
              onChanged={(changed) => apply([changed])}
            />
          ))}
          {pending.map((queued) => (
            <QueuedItem key={queued.id} queued={queued} authorName={self.name} />
          ))}
        </ol>
      ) : null}
      {state.status !== 'loading' ? (
        <Composer uid={uid} author={selfId} onSent={(comment) => apply([comment])} />
      ) : null}
    </section>
  );
}

/** While comments wait in the outbox: sent when the view opens, when back online, and every few seconds. */
function useOutboxFlush(author: string | null, waiting: boolean): void {
  useEffect(() => {
    if (author === null || !waiting) return;
    const flush = () => void flushCommentOutbox(author);
    flush();
    window.addEventListener('online', flush);
    const timer = setInterval(() => {
      if (navigator.onLine) flush();
    }, COMMENTS_POLL_MS);
    return () => {
      window.removeEventListener('online', flush);
      clearInterval(timer);
    };
  }, [author, waiting]);
}

/** A comment of this browser's that waits in the outbox: `Sending…`, or the server's refusal and Discard. */
function QueuedItem({ queued, authorName }: { queued: QueuedComment; authorName: string }) {
  const headerId = useId();
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
      >
        {initialsOf(authorName)}
      </span>
      <div className="min-w-0 flex-1">
        <p id={headerId} className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-slate-900">{authorName}</span>
          {queued.failed === undefined ? (
            <span role="status" className="text-slate-600">
              {COMMENTS_TEXTS.sending}
            </span>
          ) : null}
        </p>
        <CommentBody body={queued.body} />
        {queued.failed !== undefined ? (
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <p role="alert" className="text-sm text-red-700">
              {COMMENTS_TEXTS.notSent(queued.failed)}
            </p>
            <Button
              variant="ghost"
              size="sm"
              aria-describedby={headerId}
              onClick={() =>
                saveSafely(() => commentOutboxStore.update((queue) => dropQueued(queue, queued.id)))
              }
            >
              {COMMENTS_TEXTS.discard}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** The time the relative times are said from, moved on when the newest of them would change. */
function useNow(comments: readonly TaskComment[]): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let wait = 60 * 60_000;
    for (const comment of comments) {
      wait = Math.min(wait, relativeTimeRefreshMs(Date.parse(comment.createdAt), now));
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.max(1_000, wait));
    return () => clearTimeout(timer);
  }, [comments, now]);
  return now;
}

function CommentItem({
  comment,
  now,
  canEdit,
  canDelete,
  onChanged,
}: {
  comment: TaskComment;
  now: number;
  canEdit: boolean;
  canDelete: boolean;
  onChanged: (comment: TaskComment) => void;
}) {
  const headerId = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deleted = comment.deletedAt !== null;

  async function remove() {
    setBusy(true);
    try {
      onChanged(await deleteComment(comment.id));
      setConfirming(false);
      setError(null);
    } catch (failure) {
      setConfirming(false);
      setError(describeRequestFailure(failure, COMMENTS_TEXTS.deleteFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
      >
        {initialsOf(comment.authorName)}
      </span>
      <div className="min-w-0 flex-1">
        <p id={headerId} className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-slate-900">{comment.authorName}</span>
          <CommentTime iso={comment.createdAt} now={now} />
          {comment.editedAt !== null && !deleted ? (
            <span className="text-slate-600">{COMMENTS_TEXTS.edited}</span>
          ) : null}
        </p>
        {deleted ? (
          <p className="mt-1 text-sm text-slate-600 italic">{COMMENTS_TEXTS.deleted}</p>
        ) : editing ? (
          <EditForm
            comment={comment}
            onDone={(changed) => {
              if (changed) onChanged(changed);
              setEditing(false);
            }}
          />
        ) : (
          <CommentBody body={comment.body} mentions={comment.mentions.map((person) => person.name)} />
        )}
        {!deleted && !editing && (canEdit || canDelete) ? (
          <div className="mt-1 -ml-3 flex flex-wrap gap-1">
            {canEdit ? (
              <Button
                variant="ghost"
                size="sm"
                aria-describedby={headerId}
                onClick={() => {
                  setError(null);
                  setEditing(true);
                }}
              >
                {COMMENTS_TEXTS.edit}
              </Button>
            ) : null}
            {canDelete ? (
              <Button
                variant="ghost"
                size="sm"
                aria-describedby={headerId}
                onClick={() => setConfirming(true)}
              >
                {COMMENTS_TEXTS.delete}
              </Button>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={COMMENTS_TEXTS.deleteTitle}
        confirmLabel={COMMENTS_TEXTS.delete}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        {COMMENTS_TEXTS.deleteBody}
      </ConfirmDialog>
    </li>
  );
}

/** `5 minutes ago`; the exact time in a tooltip on hover and on keyboard focus. */
function CommentTime({ iso, now }: { iso: string; now: number }) {
  const tipId = useId();
  const ms = Date.parse(iso);
  const exact = Number.isNaN(ms) ? iso : exactTime.format(new Date(ms));
  return (
    <span className="group relative">
      <time
        dateTime={iso}
        tabIndex={0}
        aria-describedby={tipId}
        className="rounded text-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {Number.isNaN(ms) ? iso : relativeTimeText(ms, now)}
      </time>
      <span
        id={tipId}
        role="tooltip"
        className="invisible absolute top-full left-0 z-20 mt-1 w-max max-w-[16rem] rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow group-focus-within:visible group-hover:visible"
      >
        {exact}
      </span>
    </span>
  );
}

/**
 * The text as written: line breaks kept, http(s) addresses as links, the mentioned people's
 * `@name` in bold, everything else plain text.
 */
export function CommentBody({ body, mentions = [] }: { body: string; mentions?: readonly string[] }) {
  return (
    <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">
      {splitLinks(body).map((piece, index) =>
        piece.href !== undefined ? (
          <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer" className={TEXT_LINK}>
            {piece.text}
          </a>
        ) : (
          splitMentions(piece.text, mentions).map((part, partIndex) =>
            part.mention ? (
              <strong key={`${index}-${partIndex}`} className="font-semibold text-brand-700">
                {part.text}
              </strong>
            ) : (
              part.text
            ),
          )
        ),
      )}
    </p>
  );
}

/**
 * The comment boxes' keys: Enter runs `onEnter` (Shift+Enter, or Enter while an input method
 * composes, makes a new line); Escape runs `onEscape` when given, and then does not close the task
 * view around the box.
 */
function handleBoxKeys(
  event: KeyboardEvent<HTMLTextAreaElement>,
  onEscape: (() => void) | null,
  onEnter: () => void,
): void {
  if (event.key === 'Escape' && onEscape !== null) {
    event.preventDefault();
    event.stopPropagation();
    onEscape();
    return;
  }
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  onEnter();
}

function Composer({
  uid,
  author,
  onSent,
}: {
  uid: string;
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
  const matches = query === null ? [] : matchPeople(team.users, query.query);
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

function EditForm({
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
