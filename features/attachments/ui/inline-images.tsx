'use client';

import type { Task } from '@/features/tasks/model/task-types';
import { isSyncId } from '@/features/sync/model/protocol';
import { inlineFileIds, splitInlineFiles } from '@/shared/format/inline-files';
import { ATTACHMENT_TEXTS } from './attachment-texts';
import { useAttachments } from './use-attachments';
import { useFilesSource } from './use-files-source';

/**
 * The images pasted into a task's description, under the field (which is edited as plain text and
 * keeps each as `![name](file:id)`): each image, a link to the file; one not among the task's files
 * (deleted, or not sent yet) by its name and what became of it.
 */
export function InlineImages({ task, text }: { task: Task; text: string }) {
  const team = useFilesSource().team;
  const key = team ? task.uid : task.id;
  if (inlineFileIds(text).length === 0 || typeof key !== 'string' || (team && !isSyncId(key))) return null;
  return <Images fileKey={key} text={text} />;
}

function Images({ fileKey, text }: { fileKey: string; text: string }) {
  const { state } = useAttachments(fileKey);
  const references = splitInlineFiles(text).flatMap((piece) => ('file' in piece ? [piece] : []));
  const files = state.status === 'ready' ? state.attachments : [];
  const shown = references.filter(
    (reference, index) => references.findIndex((other) => other.file === reference.file) === index,
  );
  return (
    <div className="-mt-2">
      <p className="text-sm font-medium text-slate-800">{ATTACHMENT_TEXTS.inlineHeading}</p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {shown.map((reference) => {
          const file = files.find((attachment) => attachment.id === reference.file);
          return (
            <li key={reference.file} className="max-w-full">
              {file && file.preview === 'image' ? (
                <a href={file.url} target="_blank" rel="noreferrer" className="block">
                  {/* eslint-disable-next-line @next/next/no-img-element -- a private file, checked on each request */}
                  <img
                    src={file.thumbnailUrl ?? file.url}
                    alt={file.name}
                    loading="lazy"
                    className="max-h-40 max-w-full rounded-md border border-slate-200 object-contain"
                  />
                </a>
              ) : (
                <span className="text-sm text-slate-600">
                  {state.status === 'ready' ? ATTACHMENT_TEXTS.inlineMissing(reference.name) : reference.name}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
