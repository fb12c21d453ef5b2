'use client';

import { useState } from 'react';
import type { TaskAttachment } from '@/features/attachments/model/protocol';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { Button } from '@/shared/ui/button';
import { UNDO_LABEL } from '@/shared/ui/undo-label';
import { ATTACHMENT_TEXTS } from './attachment-texts';
import { useFilesSource } from './use-files-source';

/**
 * The files deleted in this view, each with its Undo, in the section itself: the task view is a
 * modal, so a toast's button would sit behind it. The server keeps a deleted file a day.
 */
export function DeletedList({
  deleted,
  onRestored,
}: {
  deleted: TaskAttachment[];
  onRestored: (attachment: TaskAttachment) => void;
}) {
  if (deleted.length === 0) return null;
  return (
    <ul className="space-y-1">
      {deleted.map((attachment) => (
        <DeletedItem key={attachment.id} attachment={attachment} onRestored={onRestored} />
      ))}
    </ul>
  );
}

function DeletedItem({
  attachment,
  onRestored,
}: {
  attachment: TaskAttachment;
  onRestored: (attachment: TaskAttachment) => void;
}) {
  const source = useFilesSource();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function undo() {
    setBusy(true);
    try {
      onRestored(await source.restore(attachment.id));
    } catch (failure) {
      setError(describeRequestFailure(failure, ATTACHMENT_TEXTS.restoreFailed));
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span role="status" className="min-w-0 flex-1 break-words">
        {ATTACHMENT_TEXTS.removed(attachment.name)}
      </span>
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => void undo()}>
        {UNDO_LABEL}
      </Button>
      {error ? (
        <p role="alert" className="w-full font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </li>
  );
}
