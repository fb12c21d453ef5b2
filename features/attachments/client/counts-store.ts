/**
 * The cards' files (docs/product.md#files-on-tasks): per task, how many and the cover's thumbnail.
 * Read when the first card asks, again after each change beside a task (the live stream's
 * `comments` event, which file changes send too: docs/decisions/0051-file-storage.md), and set by
 * the task view when it reads a task's files.
 */
import { fetchAttachmentCounts } from '@/features/attachments/client/attachments-api';
import type { TaskAttachment } from '@/features/attachments/model/protocol';
import { onCommentsChanged } from '@/shared/realtime/live-comments';
import { createCountsStore } from '@/shared/realtime/counts-store';

export interface CardFiles {
  count: number;
  /** The cover's thumbnail (null: none, or not made yet). */
  cover: string | null;
}

export const attachmentCounts = createCountsStore<CardFiles>(
  fetchAttachmentCounts,
  onCommentsChanged,
  (a, b) => a.count === b.count && a.cover === b.cover,
);

/** What a task's list says its card shows. */
export function cardFilesOf(attachments: readonly TaskAttachment[]): CardFiles | null {
  if (attachments.length === 0) return null;
  const cover = attachments.find((attachment) => attachment.cover)?.thumbnailUrl ?? null;
  return { count: attachments.length, cover };
}
