'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import type { Project } from '@/features/projects/model/project';
import { GENERAL_PROJECT } from '@/features/projects/model/project-key';
import { projectCommands } from '@/features/projects/client/project-commands';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { DeleteProjectButton } from './delete-project-dialog';

export const ARCHIVE_TEXTS = {
  archive: 'Archive',
  restore: 'Restore',
  confirmTitle: (name: string) => `Archive ${name}?`,
  confirmBody:
    'Its board becomes read-only and it leaves the sidebar, the move targets and the counts. Its tasks stay; a manager can restore it from Archived.',
  archived: (name: string) => `${name} is archived.`,
  restored: (name: string) => `${name} is restored.`,
  archiveFailed: 'Could not archive the project',
  restoreFailed: 'Could not restore the project',
} as const;

/**
 * A manager's `Archive` (with a confirmation) or, on an archived project, `Restore`
 * (docs/product.md#projects). General cannot be archived; others see nothing here.
 */
export function ArchiveControl({ project }: { project: Project }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const commands = projectCommands(useTeamSyncOn());
  if (project.role !== 'manager' || project.id === GENERAL_PROJECT.id) return null;

  async function send(archived: boolean) {
    setBusy(true);
    try {
      await commands.archive(project.id, archived);
      toast.success(archived ? ARCHIVE_TEXTS.archived(project.name) : ARCHIVE_TEXTS.restored(project.name));
      setConfirming(false);
    } catch (error) {
      toast.error(
        describeRequestFailure(error, archived ? ARCHIVE_TEXTS.archiveFailed : ARCHIVE_TEXTS.restoreFailed),
      );
    } finally {
      setBusy(false);
    }
  }

  if (project.archived) {
    return (
      <>
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => void send(false)}>
          {ARCHIVE_TEXTS.restore}
        </Button>
        <DeleteProjectButton project={project} />
      </>
    );
  }
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        {ARCHIVE_TEXTS.archive}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={ARCHIVE_TEXTS.confirmTitle(project.name)}
        confirmLabel={ARCHIVE_TEXTS.archive}
        busy={busy}
        onConfirm={() => void send(true)}
        onCancel={() => setConfirming(false)}
      >
        {ARCHIVE_TEXTS.confirmBody}
      </ConfirmDialog>
    </>
  );
}
