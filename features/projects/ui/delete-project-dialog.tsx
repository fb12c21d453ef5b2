'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from 'sonner';
import type { Project } from '@/features/projects/model/project';
import { projectCommands } from '@/features/projects/client/project-commands';
import { refreshProjects } from '@/features/projects/client/projects-store';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { Button } from '@/shared/ui/button';
import { DialogActions, ModalDialog } from '@/shared/ui/modal-dialog';
import { TextField } from '@/shared/ui/text-field';

export const DELETE_PROJECT_TEXTS = {
  open: 'Delete',
  title: (name: string) => `Delete ${name}?`,
  body: 'Its tasks, with their comments and history, are deleted from every device. This cannot be undone.',
  localBody: 'Its tasks are deleted from this browser. This cannot be undone.',
  field: 'Type the project’s name',
  confirm: 'Delete project',
  mismatch: 'Type the project’s name exactly to delete it.',
  deleted: (name: string) => `${name} is deleted.`,
  failed: 'Could not delete the project',
} as const;

/**
 * An archived project's `Delete` (docs/product.md#projects), for its managers: the dialog asks for
 * the project's name, typed exactly, before `Delete project`; then the dashboard opens.
 */
export function DeleteProjectButton({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        {DELETE_PROJECT_TEXTS.open}
      </Button>
      <ModalDialog
        open={open}
        title={DELETE_PROJECT_TEXTS.title(project.name)}
        description={useTeamSyncOn() ? DELETE_PROJECT_TEXTS.body : DELETE_PROJECT_TEXTS.localBody}
        busy={busy}
        onCancel={() => setOpen(false)}
        initialFocus={fieldRef}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-5"
      >
        <DeleteForm
          project={project}
          fieldRef={fieldRef}
          busy={busy}
          setBusy={setBusy}
          onCancel={() => setOpen(false)}
        />
      </ModalDialog>
    </>
  );
}

function DeleteForm({
  project,
  fieldRef,
  busy,
  setBusy,
  onCancel,
}: {
  project: Project;
  fieldRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onCancel: () => void;
}) {
  const router = useRouter();
  const team = useTeamSyncOn();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() !== project.name) {
      setError(DELETE_PROJECT_TEXTS.mismatch);
      return;
    }
    setBusy(true);
    try {
      await projectCommands(team).remove(project.id, name);
      toast.success(DELETE_PROJECT_TEXTS.deleted(project.name));
      if (team) await refreshProjects();
      router.push('/user/dashboard');
    } catch (caught) {
      setError(describeRequestFailure(caught, DELETE_PROJECT_TEXTS.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      <TextField
        ref={fieldRef}
        label={DELETE_PROJECT_TEXTS.field}
        name="name"
        autoComplete="off"
        value={name}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          {DELETE_PROJECT_TEXTS.confirm}
        </Button>
      </DialogActions>
    </form>
  );
}
