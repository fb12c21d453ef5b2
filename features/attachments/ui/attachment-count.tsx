'use client';

import dynamic from 'next/dynamic';
import type { Task } from '@/features/tasks/model/task-types';

/** Loaded when the first card shows (the counts stores and what they read). */
const LazyCount = dynamic(
  () =>
    import('./card-files').then(
      (module) => module.CardFileCount,
      // Not fetched (offline): cards go on without their counts until the next load.
      () => () => null,
    ),
  { ssr: false },
);

const LazyCover = dynamic(
  () =>
    import('./card-files').then(
      (module) => module.CardFileCover,
      () => () => null,
    ),
  { ssr: false },
);

/** A card's cover image (docs/product.md#files-on-tasks); nothing without one. */
export function AttachmentCover({ task }: { task: Task }) {
  return <LazyCover task={task} />;
}

/**
 * A card's file count (docs/product.md#files-on-tasks): a paperclip and the number, named
 * `2 files`; nothing for a task without files.
 */
export function AttachmentCount({ task, className }: { task: Task; className?: string }) {
  return <LazyCount task={task} className={className} />;
}
