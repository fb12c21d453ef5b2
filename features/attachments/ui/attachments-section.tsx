'use client';

import { randomId } from '@/features/sync/model/random-id';
import { Paperclip, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { isSyncId } from '@/features/sync/model/protocol';
import type { Task } from '@/features/tasks/model/task-types';
import type { TaskAttachment } from '@/features/attachments/model/protocol';
import { projectById, type Project } from '@/features/projects/model/project';
import { can } from '@/features/projects/model/roles';
import { useSelfAssignee } from '@/features/tasks/ui/assignee-picker';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { userStore } from '@/shared/session/session';
import { useProjects } from '@/features/projects/client/projects-store';
import { cn } from '@/shared/cn';
import { inlineFileToken } from '@/shared/format/inline-files';
import { cleanFileName } from '@/features/attachments/model/rules';
import { writeLinkCookie } from '@/shared/session/link-cookie';
import { getStoredToken } from '@/shared/session/session';
import { Button } from '@/shared/ui/button';
import { LoadError, LoadingLine } from '@/shared/ui/load-error';
import { ATTACHMENT_TEXTS } from './attachment-texts';
import { AttachmentItem } from './attachment-item';
import { DeletedList } from './deleted-list';
import { ImageLightbox } from './image-lightbox';
import { PdfPreview, previewsPdfHere } from './pdf-preview';
import { useAttachments } from './use-attachments';
import { insertAtCaret, useFileDrop, usePastedFiles } from './use-file-drop';
import { useUploads, type Upload } from './use-uploads';
import { useFilesSource } from './use-files-source';
import { useWaiting, WaitingList } from './waiting-list';

/**
 * A task's files (docs/product.md#files-on-tasks): the list (each a link that downloads it, or shows
 * it when the browser can), `Attach files` (the file chooser, several at once) and dropping files on
 * the section; each file on its way with its progress and Cancel. With team sync the server keeps
 * them; by default this browser does (docs/product.md#files-in-the-default-mode).
 */
export function AttachmentsSection({ task }: { task: Task }) {
  const project = projectById(useProjects(true), task.projectId);
  const archived = project?.archived === true;
  const team = useFilesSource().team;
  const mayEdit = useMayEdit(task, project);
  if (!team) return <Files fileKey={task.id} archived={archived} mayChange={() => !archived} />;
  if (!isSyncId(task.uid)) return null;
  const self = mayEdit.self;
  const mayChange = (attachment: TaskAttachment) =>
    !archived && (mayEdit.edit || (self !== null && attachment.addedById === self));
  return <Files fileKey={task.uid} archived={archived} mayChange={mayChange} />;
}

/** With team sync: whether this person may edit the task (its project role), and their id. */
function useMayEdit(task: Task, project: Project | undefined): { edit: boolean; self: string | null } {
  const self = useSelfAssignee();
  const email = useLocalStore(userStore)?.email;
  // Who may edit the task changes any file (features/projects/model/roles.ts); anyone else only their own.
  const isAuthor = Boolean(email) && task.email === email;
  const edit =
    project !== undefined &&
    self.id !== null &&
    can(project.role, 'edit', {
      project: { archived: project.archived === true },
      userId: self.id,
      task: { ownerId: isAuthor ? self.id : null, assigneeId: task.assigneeId || null },
    });
  return { edit, self: self.id };
}

function Files({
  fileKey: uid,
  archived,
  mayChange,
}: {
  /** The task's key where its files live: its sync identity, or by default its id. */
  fileKey: string;
  archived: boolean;
  mayChange: (attachment: TaskAttachment) => boolean;
}) {
  const headingId = useId();
  const { state, reload, put, drop } = useAttachments(uid);
  const limits = state.status === 'ready' ? state.limits : null;
  const { uploads, send, sendAll, cancel, dismiss } = useUploads(uid, limits, put);
  const team = useFilesSource().team;
  const waiting = useWaiting(uid, team);
  // Deleted here while the view is open: each says so with its Undo (a toast would sit behind the modal view).
  const [deleted, setDeleted] = useState<TaskAttachment[]>([]);
  const previews = usePreviews(state.status === 'ready' ? state.attachments : NO_FILES);
  const { dragging, handlers: dropHandlers } = useFileDrop(!archived, sendAll);
  const section = usePasteTarget(!archived, send);
  // A session of before the files' cookie (or one whose cookie went): the links need it to download.
  useEffect(() => {
    if (team) writeLinkCookie(getStoredToken());
  }, [team]);
  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      className={cn(
        'space-y-3 rounded-lg border border-transparent',
        dragging && 'border-dashed border-brand-600 bg-brand-50',
      )}
      {...dropHandlers}
    >
      <SectionHead
        headingId={headingId}
        archived={archived}
        limit={limits?.maxUploadSize ?? null}
        dragging={dragging}
        onFiles={sendAll}
      />
      <UploadList uploads={uploads} onCancel={cancel} onDismiss={dismiss} />
      <WaitingList waiting={waiting} />
      {state.status === 'loading' ? <LoadingLine>{ATTACHMENT_TEXTS.loading}</LoadingLine> : null}
      {state.status === 'error' ? <LoadError message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' &&
      state.attachments.length === 0 &&
      uploads.length === 0 &&
      waiting.length === 0 ? (
        <p className="text-sm text-slate-600">{ATTACHMENT_TEXTS.empty}</p>
      ) : null}
      {state.status === 'ready' && state.attachments.length > 0 ? (
        <FileList
          labelledBy={headingId}
          attachments={state.attachments}
          mayChange={mayChange}
          onChanged={put}
          onShow={previews.show}
          shows={previews.shows}
          onRemoved={(removed) => {
            drop(removed.id);
            setDeleted((current) => [...current, removed]);
          }}
        />
      ) : null}
      {previews.element}
      <DeletedList
        deleted={deleted}
        onRestored={(restored) => {
          put(restored);
          setDeleted((current) => current.filter((item) => item.id !== restored.id));
        }}
      />
    </section>
  );
}

const NO_FILES: TaskAttachment[] = [];

/**
 * What opens over the view: the task's images in the lightbox, a PDF in its preview (on a screen
 * wide enough: a phone's browser shows no PDF in a frame, and opens the link in its own viewer).
 */
function usePreviews(attachments: TaskAttachment[]) {
  // The lightbox: which of the task's images is shown (null: closed).
  const [shown, setShown] = useState<number | null>(null);
  const [pdf, setPdf] = useState<TaskAttachment | null>(null);
  const images = attachments.filter((item) => item.preview === 'image');
  const show = (attachment: TaskAttachment) => {
    if (attachment.preview === 'pdf') setPdf(attachment);
    else setShown(images.findIndex((image) => image.id === attachment.id));
  };
  const shows = (attachment: TaskAttachment) =>
    attachment.preview === 'image' || (attachment.preview === 'pdf' && previewsPdfHere());
  const element = (
    <>
      {shown !== null ? (
        <ImageLightbox images={images} index={shown} onIndex={setShown} onClose={() => setShown(null)} />
      ) : null}
      {pdf ? <PdfPreview file={pdf} onClose={() => setPdf(null)} /> : null}
    </>
  );
  return { show, shows, element };
}

/** The section, whose dialog takes pasted files (`pasteFiles`). */
function usePasteTarget(enabled: boolean, send: (file: File, id: string) => void) {
  const section = useRef<HTMLElement>(null);
  const onFiles = useCallback(
    (files: File[], field: HTMLTextAreaElement | null) => pasteFiles(files, field, send),
    [send],
  );
  usePastedFiles(section, enabled, onFiles);
  return section;
}

/**
 * Pasted files are attached; an image pasted into a text field (the description, a comment box)
 * also leaves its reference there, so the text shows it where it was pasted.
 */
function pasteFiles(
  files: File[],
  field: HTMLTextAreaElement | null,
  send: (file: File, id: string) => void,
) {
  const sent = files.map((file) => ({ file, id: randomId() }));
  const images = sent.filter(({ file }) => file.type.startsWith('image/'));
  if (field && images.length > 0)
    insertAtCaret(
      field,
      images.map(({ file, id }) => inlineFileToken(cleanFileName(file.name), id)).join('\n'),
    );
  for (const { file, id } of sent) send(file, id);
}

/** The heading and `Attach files`, then what the section says first: archived, the limit, where to drop. */
function SectionHead({
  headingId,
  archived,
  limit,
  dragging,
  onFiles,
}: {
  headingId: string;
  archived: boolean;
  limit: number | null;
  dragging: boolean;
  onFiles: (files: FileList) => void;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {ATTACHMENT_TEXTS.heading}
        </h3>
        {archived ? null : <AttachButton onFiles={onFiles} />}
      </div>
      {archived ? <p className="text-sm text-slate-600">{ATTACHMENT_TEXTS.archived}</p> : null}
      {limit !== null && !archived ? (
        <p className="text-xs text-slate-600">{ATTACHMENT_TEXTS.limit(limit)}</p>
      ) : null}
      {dragging ? (
        <p role="status" className="text-sm font-medium text-brand-800">
          {ATTACHMENT_TEXTS.dropHere}
        </p>
      ) : null}
    </>
  );
}

/**
 * `Attach files`: a button that opens the browser's file chooser, an `<input type="file" multiple>`
 * labelled by it (out of the accessibility tree: Chromium names a file input a button too, and one
 * button of that name is what people and checks look for).
 */
function AttachButton({ onFiles }: { onFiles: (files: FileList) => void }) {
  const buttonId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button id={buttonId} variant="secondary" size="sm" onClick={() => input.current?.click()}>
        <Paperclip className="size-4" aria-hidden="true" />
        {ATTACHMENT_TEXTS.attach}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        aria-labelledby={buttonId}
        // The button is what a keyboard and a screen reader meet; the input only takes the files.
        aria-hidden="true"
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          if (event.target.files && event.target.files.length > 0) onFiles(event.target.files);
          // The same file can be picked again (after a failure, say).
          event.target.value = '';
        }}
      />
    </>
  );
}

function UploadList({
  uploads,
  onCancel,
  onDismiss,
}: {
  uploads: Upload[];
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul className="space-y-2">
      {uploads.map((upload) =>
        upload.message ? (
          <li
            key={upload.key}
            className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          >
            <span role="alert" className="min-w-0 flex-1 break-words">
              {upload.message}
            </span>
            <button
              type="button"
              aria-label={ATTACHMENT_TEXTS.dismiss(upload.name)}
              className="rounded p-1 hover:bg-red-100"
              onClick={() => onDismiss(upload.key)}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </li>
        ) : (
          <li key={upload.key} className="flex items-center gap-3 text-sm text-slate-700">
            <span className="min-w-0 flex-1 truncate">{upload.name}</span>
            <progress
              aria-label={ATTACHMENT_TEXTS.sending(upload.name)}
              max={1}
              value={upload.share}
              className="h-2 w-24 accent-brand-600"
            />
            <Button variant="ghost" size="sm" onClick={() => onCancel(upload.key)}>
              <span className="sr-only">{ATTACHMENT_TEXTS.cancel(upload.name)}</span>
              <X className="size-4" aria-hidden="true" />
            </Button>
          </li>
        ),
      )}
    </ul>
  );
}

/** The task's files; Rename, Delete and the cover for whoever `mayChange` them. */
function FileList({
  labelledBy,
  attachments,
  mayChange,
  onChanged,
  onShow,
  shows,
  onRemoved,
}: {
  labelledBy: string;
  attachments: TaskAttachment[];
  mayChange: (attachment: TaskAttachment) => boolean;
  onChanged: (attachment: TaskAttachment) => void;
  onShow: (attachment: TaskAttachment) => void;
  /** Whether a file opens over the view (an image; a PDF on a wide screen) rather than by its link. */
  shows: (attachment: TaskAttachment) => boolean;
  onRemoved: (attachment: TaskAttachment) => void;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="divide-y divide-slate-200">
      {attachments.map((attachment) => (
        <AttachmentItem
          key={attachment.id}
          attachment={attachment}
          readOnly={!mayChange(attachment)}
          onChanged={onChanged}
          onShow={shows(attachment) ? () => onShow(attachment) : undefined}
          onRemoved={onRemoved}
        />
      ))}
    </ul>
  );
}
