'use client';

import { FileText, Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TaskAttachment } from '@/features/attachments/model/protocol';
import { fileNameProblem } from '@/features/attachments/model/rules';
import { formatBytes } from '@/shared/format/bytes';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { Button } from '@/shared/ui/button';
import { RelativeTime, useNow } from '@/shared/ui/relative-time';
import { FIELD_INPUT } from '@/shared/ui/styles';
import { ATTACHMENT_TEXTS } from './attachment-texts';
import { useFilesSource } from './use-files-source';

/**
 * One file: its name as the link that downloads it (or shows it, for what the browser can show),
 * its size, who added it and when; Rename and Delete (its Undo is the section's) unless the task is
 * read only.
 */
export function AttachmentItem({
  attachment,
  readOnly,
  onChanged,
  onRemoved,
  onShow,
}: {
  attachment: TaskAttachment;
  readOnly: boolean;
  onChanged: (attachment: TaskAttachment) => void;
  onRemoved: (attachment: TaskAttachment) => void;
  /** An image's link opens the lightbox instead, a PDF's its preview (a plain click; a modified one opens the file). */
  onShow?: () => void;
}) {
  const source = useFilesSource();
  const [renaming, setRenaming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function toggleCover() {
    try {
      onChanged(await source.setCover(attachment.id, !attachment.cover));
      setError(null);
    } catch (failure) {
      setError(describeRequestFailure(failure, ATTACHMENT_TEXTS.coverFailed));
    }
  }

  async function remove() {
    try {
      await source.remove(attachment.id);
      onRemoved(attachment);
    } catch (failure) {
      setError(describeRequestFailure(failure, ATTACHMENT_TEXTS.removeFailed));
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <FileText className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-48 flex-1">
        {renaming ? (
          <RenameForm
            attachment={attachment}
            onDone={(renamed) => {
              setRenaming(false);
              if (renamed) onChanged(renamed);
            }}
          />
        ) : (
          <FileLink attachment={attachment} onShow={onShow} />
        )}
        <ItemMeta attachment={attachment} />
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      {readOnly || renaming ? null : (
        <div className="flex gap-1">
          {attachment.preview === 'image' ? (
            <Button variant="ghost" size="sm" onClick={() => void toggleCover()}>
              {attachment.cover ? ATTACHMENT_TEXTS.removeCover : ATTACHMENT_TEXTS.useAsCover}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setRenaming(true)}>
            <Pencil className="size-4" aria-hidden="true" />
            <span className="sr-only">{ATTACHMENT_TEXTS.rename(attachment.name)}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => void remove()}>
            <Trash2 className="size-4" aria-hidden="true" />
            <span className="sr-only">{ATTACHMENT_TEXTS.remove(attachment.name)}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/** The file's name, a link that downloads it (or shows it); an image's or PDF's plain click opens it over the view. */
function FileLink({ attachment, onShow }: { attachment: TaskAttachment; onShow?: () => void }) {
  return (
    <a
      href={attachment.url}
      target={attachment.preview ? '_blank' : undefined}
      // The default mode's files are this page's own addresses (blob:), which carry no name to save under.
      download={!attachment.preview && attachment.url.startsWith('blob:') ? attachment.name : undefined}
      rel="noreferrer"
      onClick={(event) => {
        if (!onShow || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onShow();
      }}
      className="break-words text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {attachment.name}
    </a>
  );
}

/** `Cover` when it is, the size, who added it and when. */
function ItemMeta({ attachment }: { attachment: TaskAttachment }) {
  const now = useNow([attachment.addedAt]);
  return (
    <p className="text-xs text-slate-600">
      {attachment.cover ? (
        <span className="mr-1 rounded bg-brand-50 px-1.5 py-0.5 font-semibold text-brand-800">
          {ATTACHMENT_TEXTS.coverTag}
        </span>
      ) : null}
      {ATTACHMENT_TEXTS.added(formatBytes(attachment.size), attachment.addedByName)}{' '}
      <RelativeTime iso={attachment.addedAt} now={now} />
    </p>
  );
}

function RenameForm({
  attachment,
  onDone,
}: {
  attachment: TaskAttachment;
  onDone: (renamed: TaskAttachment | null) => void;
}) {
  const source = useFilesSource();
  const [name, setName] = useState(attachment.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = fileNameProblem(name);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      onDone(await source.rename(attachment.id, name));
    } catch (failure) {
      setError(describeRequestFailure(failure, ATTACHMENT_TEXTS.renameFailed));
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-wrap items-center gap-2" onSubmit={(event) => void submit(event)}>
      <input
        aria-label={ATTACHMENT_TEXTS.renameLabel}
        className={`${FIELD_INPUT} min-w-0 flex-1`}
        value={name}
        maxLength={300}
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onDone(null);
          }
        }}
      />
      <Button type="submit" size="sm" disabled={busy}>
        {ATTACHMENT_TEXTS.save}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => onDone(null)}>
        {ATTACHMENT_TEXTS.cancelRename}
      </Button>
      {error ? (
        <p role="alert" className="w-full text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
