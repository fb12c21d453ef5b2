import type { AttachmentList, TaskAttachment } from '@/features/attachments/model/protocol';
import { loggedInUserStore, userStore } from '@/shared/session/session';
import {
  deleteAttachment,
  fetchAttachments,
  renameAttachment,
  restoreAttachment,
  setAttachmentCover,
  uploadFile,
} from './attachments-api';
import {
  addLocalFile,
  deleteLocalFile,
  listLocalFiles,
  renameLocalFile,
  restoreLocalFile,
  setLocalCover,
} from './local-files';

export interface UploadInput {
  /** A UUID the screen chose: a file sent twice is kept once. */
  id: string;
  /** The task's key in this source (./files-source.ts `fileKeyOf`). */
  task: string;
  file: Blob;
  name: string;
}

export interface UploadOptions {
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/**
 * Where a task's files live and the calls on them (docs/product.md#files-on-tasks): with team sync
 * the server (./attachments-api.ts), in the default mode this browser (./local-files.ts). The task
 * view's Files section is the same on both.
 */
export interface FilesSource {
  /** Whether the files are the server's (team sync): a file picked offline waits to be sent. */
  team: boolean;
  list(task: string, signal?: AbortSignal): Promise<AttachmentList>;
  upload(input: UploadInput, options?: UploadOptions): Promise<TaskAttachment>;
  rename(id: string, name: string): Promise<TaskAttachment>;
  setCover(id: string, cover: boolean): Promise<TaskAttachment>;
  remove(id: string): Promise<void>;
  restore(id: string): Promise<TaskAttachment>;
}

export const SERVER_FILES: FilesSource = {
  team: true,
  list: fetchAttachments,
  upload: uploadFile,
  rename: renameAttachment,
  setCover: setAttachmentCover,
  remove: deleteAttachment,
  restore: restoreAttachment,
};

/** Who adds a file in the default mode: the name this browser signed in with (else the address). */
function localAuthor(): string {
  return loggedInUserStore.read()?.name.trim() || userStore.read()?.email || 'you';
}

export const BROWSER_FILES: FilesSource = {
  team: false,
  list: (task) => listLocalFiles(task),
  async upload(input, options = {}) {
    if (options.signal?.aborted) throw new DOMException('The upload was cancelled.', 'AbortError');
    const attachment = await addLocalFile({ ...input, addedByName: localAuthor() });
    options.onProgress?.(1);
    return attachment;
  },
  rename: renameLocalFile,
  setCover: setLocalCover,
  remove: (id) => deleteLocalFile(id),
  restore: (id) => restoreLocalFile(id),
};
