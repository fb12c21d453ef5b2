'use client';

import { Download, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TaskAttachment } from '@/features/attachments/model/protocol';
import { Button, buttonClasses } from '@/shared/ui/button';
import { ATTACHMENT_TEXTS } from './attachment-texts';

/** The row under a file shown over the view (the lightbox, a PDF): `children`, then `Download` and `Close`. */
export function StageActions({
  file,
  onClose,
  children,
}: {
  file: Pick<TaskAttachment, 'url' | 'name'>;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-2">
      {children}
      <a href={file.url} download={file.name} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        <Download className="size-4" aria-hidden="true" />
        {ATTACHMENT_TEXTS.download}
      </a>
      <Button variant="secondary" size="sm" onClick={onClose}>
        <X className="size-4" aria-hidden="true" />
        {ATTACHMENT_TEXTS.close}
      </Button>
    </div>
  );
}
