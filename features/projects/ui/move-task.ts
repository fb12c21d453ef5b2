import { movedTask, revertedMove, type MoveTarget } from '@/features/projects/model/move';
import type { Project } from '@/features/projects/model/project';
import { changeSomeTasks } from '@/features/tasks/client/task-commands';
import type { Assignee, Task } from '@/features/tasks/model/task-types';
import { saveSafely } from '@/shared/browser-storage/save-safely';

/** A move written: the task as it was and as the move left it, for its Undo. */
export interface WrittenMove {
  taskId: string;
  before: Task;
  after: Task;
}

/** A move of several tasks: each written one, and the message of a refused one (with how many were). */
export interface WrittenMoves {
  moves: WrittenMove[];
  refused: number;
  refusal: string | null;
}

export interface MoveOptions {
  /** A column of the project's board to put them in; absent: where each one's kind shows. */
  columnId?: string;
  /** Who they are assigned to from now on, for the tasks of `reassign` only. */
  assignTo?: Assignee;
  reassign?: ReadonlySet<string>;
}

/**
 * Puts the tasks in `project` (docs/product.md#projects), in `columnId` of its board when given, the
 * tasks of `reassign` assigned to `assignTo`, all in one write (features/projects/model/move.ts
 * movedTask). A task the board's rules refuse (a reopen its checklist decides) stays. Null when the
 * browser refused the write (saveSafely has said so).
 */
export function moveTasksToProject(
  tasks: readonly Pick<Task, 'id'>[],
  project: Project,
  options: MoveOptions = {},
): WrittenMoves | null {
  const result: WrittenMoves = { moves: [], refused: 0, refusal: null };
  const saved = saveSafely(() => {
    result.moves = [];
    result.refusal = null;
    const ids = new Set(tasks.map((task) => task.id));
    result.refused = changeSomeTasks(ids, (stored) => {
      const target: MoveTarget = {
        projectId: project.id,
        columns: project.columns,
        columnId: options.columnId,
        assignTo: options.reassign?.has(stored.id) ? options.assignTo : undefined,
      };
      const moved = movedTask(stored, target);
      if (moved.ok) result.moves.push({ taskId: stored.id, before: stored, after: moved.task });
      else result.refusal = moved.message;
      return moved;
    }).refused;
  });
  return saved ? result : null;
}

/**
 * One task moved (moveTasksToProject): the move for its Undo, the refusal's message, or null when
 * the browser refused the write.
 */
export function moveTaskToProject(
  task: Pick<Task, 'id'>,
  project: Project,
  options: { columnId?: string; assignTo?: Assignee } = {},
): WrittenMove | { refused: string } | null {
  const written = moveTasksToProject([task], project, {
    ...options,
    reassign: options.assignTo ? new Set([task.id]) : undefined,
  });
  if (!written) return null;
  if (written.refusal !== null) return { refused: written.refusal };
  return written.moves[0] ?? null;
}

/** Undo of moves: the fields each changed go back, in one write (features/projects/model/move.ts revertedMove). */
export function undoMoves(moves: readonly WrittenMove[]): boolean {
  const byId = new Map(moves.map((move) => [move.taskId, move]));
  return saveSafely(
    () =>
      void changeSomeTasks(new Set(byId.keys()), (stored) => {
        const move = byId.get(stored.id)!;
        return { ok: true, task: revertedMove(stored, move.before, move.after) };
      }),
  );
}

export function undoMove(move: WrittenMove): boolean {
  return undoMoves([move]);
}
