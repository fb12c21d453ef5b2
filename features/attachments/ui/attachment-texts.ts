import { formatBytes } from '@/shared/format/bytes';

/** The texts of a task's files (docs/product.md#files-on-tasks). */
export const ATTACHMENT_TEXTS = {
  heading: 'Files',
  /** A card's paperclip, as read out. */
  count: (n: number) => `${n} file${n === 1 ? '' : 's'}`,
  attach: 'Attach files',
  loading: 'Loading files…',
  empty: 'No files yet. Attach files here or drop them on this section.',
  dropHere: 'Drop the files to attach them to this task.',
  limit: (bytes: number) => `Up to ${formatBytes(bytes)} each.`,
  added: (size: string, name: string) => `${size} · added by ${name}`,
  sending: (name: string) => `Sending ${name}`,
  cancel: (name: string) => `Cancel sending ${name}`,
  dismiss: (name: string) => `Dismiss the message about ${name}`,
  failed: (name: string, message: string) => `${name}: ${message}`,
  tooLarge: (name: string, limit: number) =>
    `${name} is too large: files can be at most ${formatBytes(limit)}.`,
  tooMany: (limit: number) => `A task can hold at most ${limit} files.`,
  rename: (name: string) => `Rename ${name}`,
  renameLabel: 'File name',
  save: 'Save',
  cancelRename: 'Cancel',
  remove: (name: string) => `Delete ${name}`,
  removed: (name: string) => `Deleted ${name}.`,
  removeFailed: 'Could not delete the file',
  restoreFailed: 'Could not bring the file back',
  renameFailed: 'Could not rename the file',
  imageOf: (n: number, total: number) => `Image ${n} of ${total}`,
  previousImage: 'Previous image',
  nextImage: 'Next image',
  download: 'Download',
  close: 'Close',
  archived: 'This project is archived: its tasks take no new files until a manager restores it.',
} as const;
