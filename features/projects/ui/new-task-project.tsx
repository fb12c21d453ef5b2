'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useId, useRef } from 'react';
import { activeProjects, PROJECT_PARAM, projectByKey } from '@/features/projects/model/project';
import { GENERAL_PROJECT } from '@/features/projects/model/project-key';
import { useProjects } from '@/features/projects/client/projects-store';
import { FIELD_INPUT } from '@/shared/ui/styles';
import { FieldFrame } from '@/shared/ui/text-field';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

/**
 * Create Tasks' `Project` (docs/product.md#projects): the projects not archived where the person
 * may add tasks (not as a commenter), General first; shown once there is more than General. Opened
 * over a project's board (the `n` quick add), that project is chosen to begin with.
 */
export function NewTaskProject({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (projectId: string | null) => void;
}) {
  const id = useId();
  const targets = activeProjects(useProjects(useTeamSyncOn())).filter(
    (project) => project.role !== 'commenter',
  );
  const board = projectByKey(targets, useSearchParams()?.get(PROJECT_PARAM) ?? null);
  const chose = useRef(false);
  useEffect(() => {
    if (chose.current || value !== null || !board || board.id === GENERAL_PROJECT.id) return;
    chose.current = true;
    onChange(board.id);
  }, [board, value, onChange]);
  if (targets.length < 2) return null;
  return (
    <FieldFrame inputId={id} label="Project">
      <select
        id={id}
        className={FIELD_INPUT}
        value={value ?? GENERAL_PROJECT.id}
        onChange={(event) => onChange(event.target.value === GENERAL_PROJECT.id ? null : event.target.value)}
      >
        {targets.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name} ({project.key})
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
