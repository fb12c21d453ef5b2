import type { Task } from '@/features/tasks/model/task-types';
import { TASK_PROGRESS_MAX } from '@/features/tasks/model/task-types';
import { taskProjectId } from './project-key';

/** Open tasks (progress below 100) of each project, by project id, among `tasks`. */
export function openCountsByProject(
  tasks: readonly Pick<Task, 'projectId' | 'progress'>[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const task of tasks) {
    if (task.progress >= TASK_PROGRESS_MAX) continue;
    const id = taskProjectId(task.projectId);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** Whether `task` is in project `projectId` (a task naming none is in General). */
export function inProject(task: Pick<Task, 'projectId'>, projectId: string): boolean {
  return taskProjectId(task.projectId) === projectId;
}
