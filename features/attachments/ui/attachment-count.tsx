'use client';

import dynamic from 'next/dynamic';
import type { Task } from '@/features/tasks/model/task-types';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

/** Loaded on first use, which happens only with team sync on (the counts store and its API). */
const TeamAttachmentCount = dynamic(
  () =>
    import('./team-attachment-count').then(
      (module) => module.TeamAttachmentCount,
      // Not fetched (offline): cards go on without their counts until the next load.
      () => () => null,
    ),
  { ssr: false },
);

const TeamAttachmentCover = dynamic(
  () =>
    import('./team-attachment-count').then(
      (module) => module.TeamAttachmentCover,
      () => () => null,
    ),
  { ssr: false },
);

/** A card's cover image with team sync on (docs/product.md#files-on-tasks); nothing otherwise. */
export function AttachmentCover({ task }: { task: Task }) {
  if (!useTeamSyncOn() || typeof task.uid !== 'string') return null;
  return <TeamAttachmentCover uid={task.uid} />;
}

/**
 * A card's file count with team sync on (docs/product.md#files-on-tasks): a paperclip and the
 * number, named `2 files`; nothing for a task without files, and nothing in the default mode.
 */
export function AttachmentCount({ task, className }: { task: Task; className?: string }) {
  if (!useTeamSyncOn() || typeof task.uid !== 'string') return null;
  return <TeamAttachmentCount uid={task.uid} className={className} />;
}
