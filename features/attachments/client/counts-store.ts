/**
 * The file counts of the board's cards (docs/product.md#files-on-tasks): read when the first card
 * asks, again after each change beside a task (the live stream's `comments` event, which file changes
 * send too: docs/decisions/0051-file-storage.md), and set by the task view when it reads a task's files.
 */
import { fetchAttachmentCounts } from '@/features/attachments/client/attachments-api';
import { onCommentsChanged } from '@/shared/realtime/live-comments';
import { createCountsStore } from '@/shared/realtime/counts-store';

export const attachmentCounts = createCountsStore(fetchAttachmentCounts, onCommentsChanged);
