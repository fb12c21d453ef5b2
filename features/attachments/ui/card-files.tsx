'use client';

import { Paperclip } from 'lucide-react';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { attachmentCounts, type CardFiles } from '@/features/attachments/client/counts-store';
import { localAttachmentCounts } from '@/features/attachments/client/local-counts';
import { startSendingWaiting } from '@/features/attachments/client/waiting-uploads';
import type { Task } from '@/features/tasks/model/task-types';
import { CountBadge } from '@/features/tasks/ui/count-badge';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { ATTACHMENT_TEXTS } from './attachment-texts';

/**
 * Every card's files, by mode: with team sync the server's counts, by the task's sync identity; in
 * the default mode this browser's, by the task's id. A function of the task, made anew when a count
 * changes (a list filtered by it is filtered again then).
 */
export function useCardFiles(): (task: Task) => CardFiles | undefined {
  const team = useTeamSyncOn();
  const store = team ? attachmentCounts : localAttachmentCounts;
  const counts = useSyncExternalStore(store.subscribe, store.snapshot, store.serverSnapshot);
  // Files picked offline go when the connection returns, whether or not their task is open.
  useEffect(() => {
    if (team) startSendingWaiting();
  }, [team]);
  return useCallback(
    (task: Task) => {
      const key = team ? task.uid : task.id;
      return typeof key === 'string' ? counts[key] : undefined;
    },
    [team, counts],
  );
}

/** A card's file count: a paperclip and the number, named `2 files`; nothing without files. */
export function CardFileCount({ task, className }: { task: Task; className?: string }) {
  const count = useCardFiles()(task)?.count ?? 0;
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
export function CardFileCover({ task }: { task: Task }) {
  const cover = useCardFiles()(task)?.cover;
  if (!cover) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a private thumbnail, checked on each request
    <img src={cover} alt="" loading="lazy" className="mb-2 h-28 w-full rounded-md object-cover" />
  );
}

/** How many files each task holds (the finder's `has attachments`). */
export function useFileCountOf(): (task: Task) => number {
  const filesOf = useCardFiles();
  return useCallback((task: Task) => filesOf(task)?.count ?? 0, [filesOf]);
}
