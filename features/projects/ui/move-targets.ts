'use client';

import { activeProjects, projectById, type Project } from '@/features/projects/model/project';
import { useProjects } from '@/features/projects/client/projects-store';
import type { Task } from '@/features/tasks/model/task-types';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { userStore } from '@/shared/session/session';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

/**
 * The task's project, the projects it may go to (those not archived where the person may add
 * tasks: not as a commenter), and whether the person may move it out: a member or manager of its
 * project, or its owner where they see only their own; never from an archived project.
 */
export function useMoveTargets(task: Task): {
  current: Project | undefined;
  targets: Project[];
  mayMove: boolean;
} {
  const projects = useProjects(useTeamSyncOn());
  // The task's author, as the card menu decides it (features/tasks/ui/assignee-picker.tsx useIsTaskAuthor).
  const email = useLocalStore(userStore)?.email;
  const isAuthor = Boolean(email) && task.email === email;
  const current = projectById(projects, task.projectId);
  const targets = moveTargets(projects);
  const mayMove = targets.length > 1 && mayMoveOut(current, isAuthor);
  return { current, targets, mayMove };
}

/** The projects tasks may be moved to: not archived, where the person may add tasks (not as a commenter). */
export function moveTargets(projects: readonly Project[]): Project[] {
  return activeProjects(projects).filter((project) => project.role !== 'commenter');
}

/**
 * Whether the person may move a task out of `current` (its project): a member or manager of it, or
 * the task's author where they see only their own; never out of an archived project.
 */
export function mayMoveOut(current: Project | undefined, isAuthor: boolean): boolean {
  if (current === undefined || current.archived) return false;
  return current.role === 'member' || current.role === 'manager' || (current.role === 'assigned' && isAuthor);
}

/** Whether the person has somewhere to move tasks to (two projects or more where they may add tasks). */
export function useMayMoveSelection(): boolean {
  return moveTargets(useProjects(useTeamSyncOn())).length > 1;
}
