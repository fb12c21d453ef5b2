import type { Project } from '@/features/projects/model/project';
import { changeOneTask } from '@/features/tasks/client/task-commands';
import type { Task } from '@/features/tasks/model/task-types';
import { saveSafely } from '@/shared/browser-storage/save-safely';

/**
 * Puts the task in `project` (docs/product.md#projects): its title, description, checklist, labels,
 * comments and history go with it; its number is the server's to give in the new project, so the
 * old one is dropped here until the next pull brings it. False when the browser refused the write.
 */
export function moveTaskToProject(task: Pick<Task, 'id'>, project: Project): boolean {
  return saveSafely(
    () =>
      void changeOneTask(task.id, (stored) => {
        const { number: _number, ...rest } = stored;
        return { ok: true, task: { ...rest, projectId: project.id } };
      }),
  );
}
