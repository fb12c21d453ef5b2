import { teamFileUrl } from '@/shared/format/inline-files';

/**
 * The wire format of files on tasks (docs/product.md#files-on-tasks): what the attachment endpoints
 * answer. Pure types and constants, shared by the server and the browser.
 */

/** How the task view shows a file: previewed inline (an image, a PDF, audio, video) or only downloaded. */
export type AttachmentPreview = 'image' | 'pdf' | 'audio' | 'video' | null;

export interface TaskAttachment {
  id: string;
  task: string;
  name: string;
  /** Bytes. */
  size: number;
  /** What the server sniffed from the bytes; `application/octet-stream` when it could not tell. */
  mediaType: string;
  preview: AttachmentPreview;
  /** Who added it: null when their account is gone (`addedByName` then says so). */
  addedById: string | null;
  addedByName: string;
  addedAt: string;
  /** Where the file downloads (and previews) from: the same origin, checked on every request. */
  url: string;
  /**
   * An image's small WebP thumbnail (within 480×480, no metadata), checked as the file is: null until
   * it is made, shortly after the upload, and for anything that gets none.
   */
  thumbnailUrl: string | null;
  /** An image's size in pixels as shown (EXIF orientation applied), once read; null otherwise. */
  width: number | null;
  height: number | null;
  /** The image the task's card shows (its thumbnail): at most one per task. */
  cover: boolean;
}

/** GET /api/sync/attachments/counts: files per task, and each cover's thumbnail, for the cards. */
export interface AttachmentCounts {
  counts: Record<string, number>;
  covers: Record<string, string>;
}

/** The limits the screens show and check before sending (the server checks them again). */
export interface AttachmentLimits {
  /** The largest file, bytes (MAX_UPLOAD_SIZE). */
  maxUploadSize: number;
  /** Files one task may hold (MAX_ATTACHMENTS_PER_TASK). */
  perTask: number;
}

/** GET /api/sync/attachments?task=uid */
export interface AttachmentList {
  attachments: TaskAttachment[];
  limits: AttachmentLimits;
}

/** The download route of one file: outside the proxy's matcher, as the upload (proxy.ts). */
export function attachmentUrl(id: string): string {
  return teamFileUrl(id);
}

/** GET /api/admin/files: what the files take, and the limits (Admin Settings' `Files`). */
export interface FilesUsage {
  /** Files stored, those deleted within the day (kept for Undo) included. */
  files: number;
  bytes: number;
  /** MAX_FILES_TOTAL, bytes; null: no limit. */
  totalLimit: number | null;
  maxUploadSize: number;
  perTask: number;
  storage: 'local' | 's3';
}
