'use client';

import dynamic from 'next/dynamic';
import type { Task } from '@/features/tasks/model/task-types';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

/** Loaded on first use, which happens only with team sync on (the counts store and its API). */
const TeamCommentCount = dynamic(
  () =>
    import('./team-comment-count').then(
      (module) => module.TeamCommentCount,
      // Not fetched (offline): cards go on without their counts until the next load.
      () => () => null,
    ),
  { ssr: false },
);

/**
 * A card's comment count with team sync on (docs/product.md#comments): a speech bubble and the
 * number, named `3 comments`; nothing for a task without comments, and nothing in the default mode.
 */
export function CommentCount({ task, className }: { task: Task; className?: string }) {
  if (!useTeamSyncOn() || typeof task.uid !== 'string') return null;
  return <TeamCommentCount uid={task.uid} className={className} />;
}
