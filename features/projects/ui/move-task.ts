import { movedTask, revertedMove, type MoveTarget } from '@/features/projects/model/move';
import type { Project } from '@/features/projects/model/project';
import { changeOneTask } from '@/features/tasks/client/task-commands';
import type { Assignee, Task } from '@/features/tasks/model/task-types';
import { saveSafely } from '@/shared/browser-storage/save-safely';

/** A move written: the task as it was and as the move left it, for its Undo. */
export interface WrittenMove {
  taskId: string;
  before: Task;
  after: Task;
}

/**
 * Puts the task in `project` (docs/product.md#projects), in `columnId` of its board when given, and
 * assigned to `assignTo` when given, as one change (features/projects/model/move.ts movedTask).
 * Answers the move for its Undo; a refusal's message (a reopen its checklist decides); or null when
 * the browser refused the write (saveSafely has said so).
 */
export function moveTaskToProject(
  task: Pick<Task, 'id'>,
  project: Project,
  options: { columnId?: string; assignTo?: Assignee } = {},
): WrittenMove | { refused: string } | null {
  const target: MoveTarget = { projectId: project.id, columns: project.columns, ...options };
  let written: WrittenMove | { refused: string } | null = null;
  const saved = saveSafely(() => {
    const result = changeOneTask(task.id, (stored) => {
      const moved = movedTask(stored, target);
      if (moved.ok) written = { taskId: task.id, before: stored, after: moved.task };
      return moved;
    });
    if (!result.ok) written = { refused: result.message };
  });
  return saved ? written : null;
}

/** Undo of `move`: the fields it changed go back (features/projects/model/move.ts revertedMove). */
export function undoMove(move: WrittenMove): boolean {
  return saveSafely(
    () =>
      void changeOneTask(move.taskId, (stored) => ({
        ok: true,
        task: revertedMove(stored, move.before, move.after),
      })),
  );
}
