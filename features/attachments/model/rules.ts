import { formatBytes } from '@/shared/format/bytes';
import type { AttachmentPreview } from './protocol';

/**
 * The rules of files on tasks (docs/product.md#files-on-tasks, docs/decisions/0051-file-storage.md):
 * names, how a file is served, who may change one. Pure.
 */

export const ATTACHMENT_MESSAGES = {
  notFound: 'That file was not found.',
  taskNotFound: 'Task not found.',
  tooLarge: (limit: number) => `This file is too large: files can be at most ${formatBytes(limit)}.`,
  tooMany: (limit: number) => `This task already has ${limit} files, the most one task can hold.`,
  storeFull: 'The server has no room for more files. Ask an administrator to make room.',
  archived: 'This project is archived: its tasks are read only.',
  mayNotAttach: 'You can only add files to tasks you may comment on.',
  mayNotChange:
    'Only the person who added a file, or someone who may edit the task, can rename or delete it.',
  nameRequired: 'A file needs a name.',
  nameTooLong: `A file name can be at most ${255} characters.`,
  nameInvalid: 'A file name cannot contain / or \\.',
  idInvalid: 'A file id must be a UUID.',
  lengthRequired: 'Send the file’s length (Content-Length).',
  unavailable: 'Files cannot be stored right now. Please try again later.',
  restoreGone: 'That file can no longer be restored.',
  cutShort: 'The file arrived cut short. Please try again.',
  coverImagesOnly: 'Only an image can be the card’s cover.',
  changeRequired: 'Send a new name or whether the file is the cover.',
  idTaken: 'A file with this id already exists.',
} as const;

export const MAX_FILE_NAME_LENGTH = 255;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isAttachmentId(value: string): boolean {
  return UUID.test(value);
}

// Control characters (C0, DEL, C1) and the bidirectional overrides that can disguise an extension.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a picked or pasted file is stored under: its last path part (a browser on Windows may
 * send `C:\fakepath\…`), without control characters, spaces collapsed, at most 255 characters (the
 * extension kept); `file` when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const lastPart = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = lastPart.replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return 'file';
  if (cleaned.length <= MAX_FILE_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, MAX_FILE_NAME_LENGTH - extension.length).trimEnd() + extension;
}

/** A new name typed for a file (Rename): the message to show, or null when it is fine. */
export function fileNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return ATTACHMENT_MESSAGES.nameRequired;
  if (trimmed.length > MAX_FILE_NAME_LENGTH) return ATTACHMENT_MESSAGES.nameTooLong;
  if (/[\\/]/.test(trimmed)) return ATTACHMENT_MESSAGES.nameInvalid;
  return null;
}

/** The bytes' own type, as file-type sniffs it, when the browser may show it inline. */
export function previewOf(mediaType: string): AttachmentPreview {
  if (mediaType === 'application/pdf') return 'pdf';
  const [kind] = mediaType.split('/');
  // SVG (and any XML-based image) can carry scripts: never inline.
  if (kind === 'image' && !mediaType.includes('svg') && !mediaType.includes('xml')) return 'image';
  if (kind === 'audio') return 'audio';
  if (kind === 'video') return 'video';
  return null;
}

/**
 * The `Content-Disposition` of a download: `inline` for what previews, `attachment` for everything
 * else, with the name twice: an ASCII fallback (`filename`) and the exact one (`filename*`, RFC 6266
 * and RFC 8187).
 */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/**
 * A request's `Range` against a file of `size` bytes: the one range to send (inclusive ends),
 * `unsatisfiable` (416), or null to send the whole file (no header, several ranges, or one this
 * server does not read: the whole file is a valid answer to those).
 */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (header === null) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { start, end };
}

/** Where a file's bytes are kept in the store: sharded by the id's first two characters. */
export function storageKeyFor(id: string): string {
  const lower = id.toLowerCase();
  return `attachments/${lower.slice(0, 2)}/${lower}`;
}

/** An ETag from the stored hash (strong: the same bytes always have the same tag). */
export function entityTag(sha256: string): string {
  return `"${sha256}"`;
}

/** Whether an `If-None-Match` header names `tag` (or `*`). */
export function matchesEntityTag(header: string | null, tag: string): boolean {
  if (header === null) return false;
  return header.split(',').some((part) => {
    const value = part.trim().replace(/^W\//, '');
    return value === '*' || value === tag;
  });
}

/**
 * Who may rename or delete a file (and undo its delete): someone who may edit its task, or the person
 * who added it while they may still comment there. A commenter cannot remove what others added.
 */
export function mayChangeAttachment(input: {
  actorId: string;
  addedBy: string | null;
  mayEdit: boolean;
  mayComment: boolean;
}): boolean {
  return input.mayEdit || (input.mayComment && input.addedBy === input.actorId);
}
