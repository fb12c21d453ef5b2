'use client';

import { useState, type ReactNode, type RefObject } from 'react';
import type { Project } from '@/features/projects/model/project';
import { Button } from '@/shared/ui/button';
import { DialogActions, ModalDialog } from '@/shared/ui/modal-dialog';

/** What a manager's form in the dialog is given: whether it is saving, and how to close the dialog. */
export interface ManagerFormProps {
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onDone: () => void;
}

/**
 * A button on a project's board that opens a manager's dialog (`Settings`, `Columns`): shown to
 * the project's managers only, and not while it is archived. The dialog cannot be dismissed while
 * its form is saving.
 */
export function ManagerDialogButton({
  project,
  label,
  title,
  description,
  initialFocus,
  className,
  children,
}: {
  project: Project;
  label: string;
  title: string;
  description?: string;
  initialFocus?: RefObject<HTMLElement | null>;
  /** The dialog's size and spacing. */
  className: string;
  children: (form: ManagerFormProps) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (project.role !== 'manager' || project.archived) return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ModalDialog
        open={open}
        title={title}
        description={description}
        busy={busy}
        onCancel={() => setOpen(false)}
        initialFocus={initialFocus}
        className={className}
      >
        {children({ busy, setBusy, onDone: () => setOpen(false) })}
      </ModalDialog>
    </>
  );
}

/** A manager's form's `Cancel` and `Save` (the submit), both off while it saves. */
export function SaveActions({ busy, onDone }: Pick<ManagerFormProps, 'busy' | 'onDone'>) {
  return (
    <DialogActions>
      <Button variant="secondary" onClick={onDone} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        Save
      </Button>
    </DialogActions>
  );
}
