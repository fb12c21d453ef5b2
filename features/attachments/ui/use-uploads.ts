'use client';

import { randomId } from '@/features/sync/model/random-id';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AttachmentLimits, TaskAttachment } from '@/features/attachments/model/protocol';
import { cleanFileName } from '@/features/attachments/model/rules';
import { currentAccount, keepWaiting } from '@/features/attachments/client/waiting-uploads';
import { ApiError } from '@/shared/http/http';
import { ATTACHMENT_TEXTS } from './attachment-texts';
import { useFilesSource } from './use-files-source';

/** A file on its way (`share` sent, 0 to 1), or one the server or the limits refused (`message`). */
export interface Upload {
  key: string;
  name: string;
  share: number;
  message?: string;
}

/**
 * The files being sent to `task`, several at once, each with its progress and a way to cancel. A
 * file over the limit is refused here, before a byte is sent, with the message the server would
 * give; anything the server refuses stays in the list with its message until dismissed. Stored
 * files go to `onStored`. `send` takes the id to store a file under (a pasted image's reference in
 * the text names it before it is sent); `sendAll` picks one per file.
 */
export function useUploads(
  task: string,
  limits: AttachmentLimits | null,
  onStored: (attachment: TaskAttachment) => void,
) {
  const source = useFilesSource();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  useEffect(() => {
    const open = controllers.current;
    return () => {
      for (const controller of open.values()) controller.abort();
    };
  }, []);
  const change = useCallback((key: string, patch: Partial<Upload> | null) => {
    setUploads((current) =>
      patch === null
        ? current.filter((upload) => upload.key !== key)
        : current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)),
    );
  }, []);
  const send = useCallback(
    (file: File, key: string = randomId()) => {
      const name = cleanFileName(file.name);
      if (limits && file.size > limits.maxUploadSize) {
        setUploads((current) => [
          ...current,
          { key, name, share: 0, message: ATTACHMENT_TEXTS.tooLarge(name, limits.maxUploadSize) },
        ]);
        return;
      }
      setUploads((current) => [...current, { key, name, share: 0 }]);
      // Offline with team sync: the file waits in this browser and goes when the connection returns.
      const wait = () =>
        keepUntilOnline({ id: key, task, name, file }).then(
          () => change(key, null),
          (error: unknown) =>
            change(key, { message: ATTACHMENT_TEXTS.failed(name, (error as Error).message) }),
        );
      if (source.team && !navigator.onLine) {
        void wait();
        return;
      }
      const controller = new AbortController();
      controllers.current.set(key, controller);
      source
        .upload(
          { id: key, task, file, name },
          { signal: controller.signal, onProgress: (share) => change(key, { share }) },
        )
        .then((attachment) => {
          change(key, null);
          onStored(attachment);
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') change(key, null);
          else if (source.team && error instanceof ApiError && error.kind === 'network') void wait();
          else change(key, { message: ATTACHMENT_TEXTS.failed(name, (error as Error).message) });
        })
        .finally(() => controllers.current.delete(key));
    },
    [source, task, limits, change, onStored],
  );
  const sendAll = useCallback((files: Iterable<File>) => [...files].forEach((file) => send(file)), [send]);
  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);
  const dismiss = useCallback((key: string) => change(key, null), [change]);
  return { uploads, send, sendAll, cancel, dismiss };
}

/** Keeps a team file in this browser until the connection returns (features/attachments/client/waiting-uploads.ts). */
async function keepUntilOnline(input: { id: string; task: string; name: string; file: File }): Promise<void> {
  const account = currentAccount();
  if (account === null) throw new ApiError('http', ATTACHMENT_TEXTS.signedOut);
  await keepWaiting({ id: input.id, task: input.task, account, name: input.name, bytes: input.file });
}
