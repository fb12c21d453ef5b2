'use client';

import { useMemo } from 'react';
import { formatTaskKey, taskNumber, taskProjectId } from '@/features/projects/model/project-key';
import { activeProjects, projectById } from '@/features/projects/model/project';
import type { Task } from '@/features/tasks/model/task-types';
import { cn } from '@/shared/cn';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { projectsStoreFor, useProjects } from '@/features/projects/client/projects-store';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

/** A task's key (`OPS-12`) once the server numbered it and its project is known; else null. */
export function useTaskKey(task: Pick<Task, 'projectId' | 'number'>): string | null {
  const projects = useLocalStore(projectsStoreFor(useTeamSyncOn()));
  const number = taskNumber(task.number);
  if (number === null) return null;
  const project = projectById(projects, task.projectId);
  return project ? formatTaskKey(project.key, number) : null;
}

/** Every task's key by the projects this browser knows (the finder's `OPS-12`); one function per list. */
export function useTaskKeyOf(): (task: Pick<Task, 'projectId' | 'number'>) => string | null {
  const projects = useLocalStore(projectsStoreFor(useTeamSyncOn()));
  return useMemo(() => {
    const keys = new Map(projects.map((project) => [project.id, project.key]));
    return (task) => {
      const number = taskNumber(task.number);
      const key = number === null ? undefined : keys.get(taskProjectId(task.projectId));
      return key === undefined || number === null ? null : formatTaskKey(key, number);
    };
  }, [projects]);
}

/** Tasks outside archived projects: what the overviews show (docs/product.md#projects). */
export function useShownInOverviews(): (task: Pick<Task, 'projectId'>) => boolean {
  const projects = useLocalStore(projectsStoreFor(useTeamSyncOn()));
  const archived = projects
    .filter((project) => project.archived)
    .map((project) => project.id)
    .join(' ');
  return useMemo(() => {
    const hidden = new Set(archived === '' ? [] : archived.split(' '));
    return (task) => !hidden.has(taskProjectId(task.projectId));
  }, [archived]);
}

/**
 * The projects an overview may be narrowed to (features/tasks/ui/project-choice.tsx): those not
 * archived, as `{name} ({KEY})`, once there is more than General; and each task's project key.
 */
export function useProjectFilter(): {
  options: readonly (readonly [string, string])[];
  keyOf: (task: Pick<Task, 'projectId'>) => string;
} {
  // Asks the server too: a page without the sidebar's projects (the admin's) has no fresher copy.
  const projects = useProjects(useTeamSyncOn());
  return useMemo(() => {
    const listed = activeProjects(projects);
    const options =
      listed.length < 2
        ? []
        : listed.map((project) => [project.key, `${project.name} (${project.key})`] as const);
    const keyById = new Map(projects.map((project) => [project.id, project.key]));
    return { options, keyOf: (task) => keyById.get(taskProjectId(task.projectId)) ?? '' };
  }, [projects]);
}

/** The key as a card and the task view show it (docs/product.md#task-keys); nothing before it has one. */
export function TaskKey({ task, className }: { task: Task; className?: string }) {
  const key = useTaskKey(task);
  if (key === null) return null;
  return (
    <span className={cn('font-mono text-xs font-semibold text-slate-600', className)} data-task-key={key}>
      {key}
    </span>
  );
}
