'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { TaskAttachment } from '@/features/attachments/model/protocol';
import { Button } from '@/shared/ui/button';
import { ModalDialog, STAGE_MUTED_TEXT } from '@/shared/ui/modal-dialog';
import { ATTACHMENT_TEXTS } from './attachment-texts';
import { StageActions } from './stage-actions';

/**
 * A task's images one at a time, over the task view (docs/product.md#files-on-tasks): the image as
 * large as the screen allows, its name, `Previous image` and `Next image` (and the arrow keys),
 * `Download` (the file's own link) and `Close` (and Escape). Focus returns to the link it opened from.
 */
export function ImageLightbox({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: TaskAttachment[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const image = images[index];
  if (!image) return null;
  const many = images.length > 1;
  const step = (by: number) => onIndex((index + by + images.length) % images.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!many) return;
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  };
  return (
    <ModalDialog
      open
      title={image.name}
      onCancel={onClose}
      stage
      className="m-auto h-dvh max-h-none w-full max-w-none p-4 sm:rounded-xl [&_h2]:truncate [&_h2]:pr-24"
    >
      <div className="flex h-[calc(100%-2rem)] flex-col gap-3" onKeyDown={onKeyDown}>
        <p className={`text-sm ${STAGE_MUTED_TEXT}`} aria-live="polite">
          {ATTACHMENT_TEXTS.imageOf(index + 1, images.length)}
        </p>
        <div className="flex min-h-0 flex-1 items-center justify-center">
          {/* eslint-disable-next-line @next/next/no-img-element -- a private file, checked on each request */}
          <img src={image.url} alt={image.name} className="max-h-full max-w-full object-contain" />
        </div>
        <StageActions file={image} onClose={onClose}>
          {many ? (
            <Button variant="secondary" size="sm" onClick={() => step(-1)}>
              <ChevronLeft className="size-4" aria-hidden="true" />
              {ATTACHMENT_TEXTS.previousImage}
            </Button>
          ) : null}
          {many ? (
            <Button variant="secondary" size="sm" onClick={() => step(1)}>
              {ATTACHMENT_TEXTS.nextImage}
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          ) : null}
        </StageActions>
      </div>
    </ModalDialog>
  );
}
