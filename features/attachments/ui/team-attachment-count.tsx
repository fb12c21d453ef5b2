'use client';

import { Paperclip } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { attachmentCounts } from '@/features/attachments/client/counts-store';
import { CountBadge } from '@/features/tasks/ui/count-badge';
import { ATTACHMENT_TEXTS } from './attachment-texts';

/** A card's file count: a paperclip and the number, named `2 files`; nothing without files. */
export function TeamAttachmentCount({ uid, className }: { uid: string; className?: string }) {
  const counts = useSyncExternalStore(
    attachmentCounts.subscribe,
    attachmentCounts.snapshot,
    attachmentCounts.serverSnapshot,
  );
  const count = counts[uid]?.count ?? 0;
  if (count === 0) return null;
  return (
    <CountBadge
      icon={Paperclip}
      shown={String(count)}
      label={ATTACHMENT_TEXTS.count(count)}
      className={className}
    />
  );
}

/**
 * A card's cover: the thumbnail of the image chosen with `Use as cover` (never the original),
 * decorative (the card's title names it); nothing without one, or until its thumbnail is made.
 */
export function TeamAttachmentCover({ uid }: { uid: string }) {
  const counts = useSyncExternalStore(
    attachmentCounts.subscribe,
    attachmentCounts.snapshot,
    attachmentCounts.serverSnapshot,
  );
  const cover = counts[uid]?.cover;
  if (!cover) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a private thumbnail, checked on each request
    <img src={cover} alt="" loading="lazy" className="mb-2 h-28 w-full rounded-md object-cover" />
  );
}
