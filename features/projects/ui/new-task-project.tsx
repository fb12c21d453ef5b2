'use client';

import { useId } from 'react';
import { activeProjects } from '@/features/projects/model/project';
import { GENERAL_PROJECT } from '@/features/projects/model/project-key';
import { useProjects } from '@/features/projects/client/projects-store';
import { FIELD_INPUT } from '@/shared/ui/styles';
import { FieldFrame } from '@/shared/ui/text-field';

/**
 * Create Tasks' `Project` (docs/product.md#projects): the projects not archived where the person
 * may add tasks (not as a commenter), General first; shown once there is more than General.
 */
export function NewTaskProject({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (projectId: string | null) => void;
}) {
  const id = useId();
  const targets = activeProjects(useProjects(true)).filter((project) => project.role !== 'commenter');
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
