'use client';

import { useId, useState } from 'react';
import { splitMentions } from '@/features/comments/model/mentions';
import { commentOutboxStore, dropQueued, type QueuedComment } from '@/features/comments/client/outbox';
import type { TaskComment } from '@/features/comments/model/protocol';
import { splitLinks } from '@/shared/format/links';
import { splitInlineFiles, teamFileUrl } from '@/shared/format/inline-files';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { InitialsAvatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { TEXT_LINK } from '@/shared/ui/styles';
import { CommentEditForm } from './comment-edit-form';
import { COMMENTS_TEXTS } from './comment-texts';
import { RelativeTime } from '@/shared/ui/relative-time';
import { useCommentDelete } from './use-comment-delete';

/** The author's initials in a circle (the name is written next to it). */
function AuthorAvatar({ name }: { name: string }) {
  return <InitialsAvatar name={name} className="size-9 text-sm" />;
}

/** A comment of this browser's that waits in the outbox: `Sending…`, or the server's refusal and Discard. */
export function QueuedItem({ queued, authorName }: { queued: QueuedComment; authorName: string }) {
  const headerId = useId();
  return (
    <li className="flex gap-3">
      <AuthorAvatar name={authorName} />
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

/**
 * A comment of the thread: its author, when it was written, its text, and `Edit`/`Delete` for who may.
 * A deleted comment keeps its place and says so.
 */
export function CommentItem({
  comment,
  now,
  canEdit,
  canDelete,
  readers,
  onChanged,
}: {
  comment: TaskComment;
  now: number;
  canEdit: boolean;
  canDelete: boolean;
  /** Who may see the task, for the edit box's `@` list; null: not known. */
  readers: readonly string[] | null;
  onChanged: (comment: TaskComment) => void;
}) {
  const headerId = useId();
  const [editing, setEditing] = useState(false);
  const { confirming, setConfirming, busy, error, setError, remove } = useCommentDelete(
    comment.id,
    onChanged,
  );
  const deleted = comment.deletedAt !== null;

  return (
    <li className="flex gap-3">
      <AuthorAvatar name={comment.authorName} />
      <div className="min-w-0 flex-1">
        <CommentHeader id={headerId} comment={comment} now={now} />
        {deleted ? (
          <p className="mt-1 text-sm text-slate-600 italic">{COMMENTS_TEXTS.deleted}</p>
        ) : editing ? (
          <CommentEditForm
            comment={comment}
            readers={readers}
            onDone={(changed) => {
              if (changed) onChanged(changed);
              setEditing(false);
            }}
          />
        ) : (
          <CommentBody body={comment.body} mentions={comment.mentions.map((person) => person.name)} />
        )}
        {!deleted && !editing && (canEdit || canDelete) ? (
          <CommentActions
            headerId={headerId}
            onEdit={
              canEdit
                ? () => {
                    setError(null);
                    setEditing(true);
                  }
                : null
            }
            onDelete={canDelete ? () => setConfirming(true) : null}
          />
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

/** The comment's author, when it was written and whether it was edited; the buttons' description. */
function CommentHeader({ id, comment, now }: { id: string; comment: TaskComment; now: number }) {
  return (
    <p id={id} className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="font-semibold text-slate-900">{comment.authorName}</span>
      <RelativeTime iso={comment.createdAt} now={now} />
      {comment.editedAt !== null && comment.deletedAt === null ? (
        <span className="text-slate-600">{COMMENTS_TEXTS.edited}</span>
      ) : null}
    </p>
  );
}

/** `Edit` and `Delete` under a comment; a null handler leaves its button out. */
function CommentActions({
  headerId,
  onEdit,
  onDelete,
}: {
  headerId: string;
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
}) {
  return (
    <div className="mt-1 -ml-3 flex flex-wrap gap-1">
      {onEdit ? (
        <Button variant="ghost" size="sm" aria-describedby={headerId} onClick={onEdit}>
          {COMMENTS_TEXTS.edit}
        </Button>
      ) : null}
      {onDelete ? (
        <Button variant="ghost" size="sm" aria-describedby={headerId} onClick={onDelete}>
          {COMMENTS_TEXTS.delete}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The text as written: line breaks kept, http(s) addresses as links, the mentioned people's
 * `@name` in bold, everything else plain text.
 */
export function CommentBody({ body, mentions = [] }: { body: string; mentions?: readonly string[] }) {
  return (
    <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">
      {splitInlineFiles(body).map((piece, index) =>
        'file' in piece ? (
          <InlineImage key={index} id={piece.file} name={piece.name} />
        ) : (
          <TextWithLinks key={index} text={piece.text} mentions={mentions} />
        ),
      )}
    </p>
  );
}

/** A comment's text: web addresses as links, mentions in bold, never markup. */
function TextWithLinks({ text, mentions }: { text: string; mentions: readonly string[] }) {
  return splitLinks(text).map((piece, index) =>
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
  );
}

/**
 * An image pasted into the comment (attached to its task, docs/product.md#files-on-tasks), shown
 * where it was pasted, a link to the file; its name alone when it cannot be shown (deleted, not
 * sent yet, or not an image).
 */
function InlineImage({ id, name }: { id: string; name: string }) {
  const [failed, setFailed] = useState(false);
  const url = teamFileUrl(id);
  return (
    <a href={url} target="_blank" rel="noreferrer" className={failed ? TEXT_LINK : 'my-1 block w-fit'}>
      {failed ? (
        name
      ) : (
        // eslint-disable-next-line @next/next/no-img-element -- a private file, checked on each request
        <img
          src={url}
          alt={name}
          loading="lazy"
          onError={() => setFailed(true)}
          className="max-h-60 max-w-full rounded-md border border-slate-200 object-contain"
        />
      )}
    </a>
  );
}
