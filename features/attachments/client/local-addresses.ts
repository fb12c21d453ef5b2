import type { TaskAttachment } from '@/features/attachments/model/protocol';
import type { StoredFile } from './files-db';

/**
 * The page's address of each file's bytes (and thumbnail): made once per file and page. A file
 * the browser may not show here (anything but an image, a PDF, audio or video) is typed
 * `application/octet-stream`, so that opening its address downloads it and runs nothing.
 */
const addresses = new Map<string, string>();

function addressOf(key: string, blob: Blob, mediaType: string): string {
  let url = addresses.get(key);
  if (url === undefined) {
    url = URL.createObjectURL(new Blob([blob], { type: mediaType }));
    addresses.set(key, url);
  }
  return url;
}

export function forgetAddresses(id: string): void {
  for (const key of [id, `${id}:thumbnail`]) {
    const url = addresses.get(key);
    if (url !== undefined) URL.revokeObjectURL(url);
    addresses.delete(key);
  }
}

export function toAttachment(file: StoredFile): TaskAttachment {
  const shownType = file.preview ? file.mediaType : 'application/octet-stream';
  return {
    id: file.id,
    task: file.task,
    name: file.name,
    size: file.size,
    mediaType: file.mediaType,
    preview: file.preview,
    addedById: null,
    addedByName: file.addedByName,
    addedAt: file.addedAt,
    url: addressOf(file.id, file.bytes, shownType),
    thumbnailUrl: file.thumbnail ? addressOf(`${file.id}:thumbnail`, file.thumbnail, 'image/webp') : null,
    width: file.width,
    height: file.height,
    cover: file.cover,
  };
}
