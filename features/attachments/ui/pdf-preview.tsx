'use client';

import { ExternalLink } from 'lucide-react';
import type { TaskAttachment } from '@/features/attachments/model/protocol';
import { buttonClasses } from '@/shared/ui/button';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import { ATTACHMENT_TEXTS } from './attachment-texts';
import { StageActions } from './stage-actions';

/** Screens at least this wide preview a PDF in the view; a phone opens it in its own viewer. */
const PREVIEW_MIN_WIDTH = '(min-width: 640px)';

/** Whether this screen previews PDFs in the view (a phone's browser shows none in a frame). */
export function previewsPdfHere(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(PREVIEW_MIN_WIDTH).matches;
}

/**
 * A PDF over the task view (docs/product.md#files-on-tasks), in the browser's own viewer: its name,
 * the document, `Open in a new tab`, `Download` and `Close` (and Escape). Focus returns to the link
 * it opened from.
 */
export function PdfPreview({ file, onClose }: { file: TaskAttachment; onClose: () => void }) {
  return (
    <ModalDialog
      open
      title={file.name}
      onCancel={onClose}
      stage
      className="m-auto h-dvh max-h-none w-full max-w-none p-4 sm:rounded-xl [&_h2]:truncate [&_h2]:pr-24"
    >
      <div className="flex h-[calc(100%-2rem)] flex-col gap-3">
        <iframe
          src={file.url}
          title={ATTACHMENT_TEXTS.pdfFrame(file.name)}
          className="min-h-0 w-full flex-1 rounded-md border-0 bg-white"
        />
        <StageActions file={file} onClose={onClose}>
          <a
            href={file.url}
            target="_blank"
            rel="noreferrer"
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {ATTACHMENT_TEXTS.openInTab}
          </a>
        </StageActions>
      </div>
    </ModalDialog>
  );
}
