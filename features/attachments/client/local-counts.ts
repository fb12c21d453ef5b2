/**
 * The cards' files in the default mode (docs/product.md#files-in-the-default-mode): per task, how
 * many and the cover's thumbnail, read from this browser's IndexedDB; and the sweep of files whose
 * task is gone or whose day of Undo has passed. Apart from ./local-files.ts, so that the cards load
 * no code that sniffs or draws.
 */
import { tasksStore } from '@/features/tasks/client/tasks';
import { onCommentsChanged } from '@/shared/realtime/live-comments';
import { createCountsStore } from '@/shared/realtime/counts-store';
import type { CardFiles } from './counts-store';
import { filesDb } from './files-db';
import { forgetAddresses, toAttachment } from './local-addresses';

/** A deleted file is kept this long for Undo. */
export const LOCAL_RESTORE_MS = 24 * 60 * 60 * 1000;

/** Files (not deleted) per task, and each cover's thumbnail: the cards' paperclips and covers. */
export async function localFileCounts(): Promise<Record<string, { count: number; cover: string | null }>> {
  const db = await filesDb();
  const counts: Record<string, { count: number; cover: string | null }> = {};
  for (const file of await db.getAll('files')) {
    if (file.deletedAt !== null) continue;
    const entry = (counts[file.task] ??= { count: 0, cover: null });
    entry.count += 1;
    if (file.cover && file.thumbnail) entry.cover = toAttachment(file).thumbnailUrl;
  }
  return counts;
}

/**
 * Removes the files deleted more than a day ago, and those of tasks this browser no longer holds
 * (`taskIds`: every task's id; a task deleted, then its Undo gone with the page).
 */
export async function sweepLocalFiles(taskIds: ReadonlySet<string>, now: Date = new Date()): Promise<number> {
  const db = await filesDb();
  const tx = db.transaction('files', 'readwrite');
  let removed = 0;
  for (const file of await tx.store.getAll()) {
    const expired = file.deletedAt !== null && now.getTime() - Date.parse(file.deletedAt) >= LOCAL_RESTORE_MS;
    if (expired || !taskIds.has(file.task)) {
      await tx.store.delete(file.id);
      forgetAddresses(file.id);
      removed += 1;
    }
  }
  await tx.done;
  return removed;
}

let swept = false;

/** The counts, after the page's first read has swept what is gone. */
async function readCounts(): Promise<Record<string, CardFiles>> {
  if (!swept) {
    swept = true;
    await sweepLocalFiles(new Set(tasksStore.read().map((task) => task.id))).catch(() => 0);
  }
  return localFileCounts();
}

export const localAttachmentCounts = createCountsStore<CardFiles>(
  readCounts,
  onCommentsChanged,
  (a, b) => a.count === b.count && a.cover === b.cover,
);
