/**
 * The browser's own files (docs/product.md#files-on-tasks), in an IndexedDB database of their own:
 * in the default mode every file of the browser's tasks (`files`), and with team sync the files
 * picked while offline, waiting to be sent (`waiting`). Kept apart from team mode's replica
 * (features/sync/client/engine/replica-open.ts): its tasks are read on every page's first paint,
 * these bytes only when a task's files are.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TaskAttachment } from '@/features/attachments/model/protocol';

export const FILES_DB_NAME = 'tasklane-files';
const FILES_DB_VERSION = 1;

/**
 * A default-mode file: what the task view shows of one (the server's fields, without the addresses
 * and who added it by id: this browser makes the addresses, and has no accounts), and its bytes.
 * `task` is the task's `id`.
 */
export type StoredFile = Pick<
  TaskAttachment,
  | 'id'
  | 'task'
  | 'name'
  | 'size'
  | 'mediaType'
  | 'preview'
  | 'addedByName'
  | 'addedAt'
  | 'cover'
  | 'width'
  | 'height'
> & {
  bytes: Blob;
  /** An image's WebP within 480×480 (null: none). */
  thumbnail: Blob | null;
  /** Deleted (kept a day for Undo); null: not. */
  deletedAt: string | null;
};

/** A file picked with team sync while offline: sent when the connection returns. */
export interface WaitingUpload {
  /** The UUID it will be stored under (an upload sent twice is stored once). */
  id: string;
  /** The task's sync identity (`uid`). */
  task: string;
  /** Whose it is: the account's id, so that another account signed in on this device sends none. */
  account: string;
  name: string;
  size: number;
  bytes: Blob;
  queuedAt: string;
  /** What the server said when it refused it (kept, with Discard, until dismissed). */
  refused?: string;
}

export interface FilesSchema extends DBSchema {
  files: { key: string; value: StoredFile; indexes: { task: string } };
  waiting: { key: string; value: WaitingUpload; indexes: { task: string } };
}

export type FilesDb = IDBPDatabase<FilesSchema>;

let opening: Promise<FilesDb> | null = null;

/** The database, opened once per page (and created on first use). */
export function filesDb(): Promise<FilesDb> {
  opening ??= openDB<FilesSchema>(FILES_DB_NAME, FILES_DB_VERSION, {
    upgrade(database) {
      database.createObjectStore('files', { keyPath: 'id' }).createIndex('task', 'task');
      database.createObjectStore('waiting', { keyPath: 'id' }).createIndex('task', 'task');
    },
    blocking() {
      // A newer version of the app wants to upgrade the database: let it, and open again when asked.
      void opening?.then((database) => database.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Whether a write failed for want of room (the browser's quota). */
export function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}
