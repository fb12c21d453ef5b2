import { settleChangedTasks } from './completion';
import { listChanges } from './list-changes';
import { spawnNextOccurrences, type SpawnContext } from './repeat-spawn';
import { stampChangedTasks } from './task-stamps';
import type { Task } from './task-types';

/**
 * What a change of the task list brings with it, by the one rule for done
 * (docs/product.md#task-completion): the changed tasks settled (features/tasks/model/completion.ts), a repeating
 * task that became done makes its next occurrence (features/tasks/model/repeat-spawn.ts). Pure:
 * features/tasks/client/task-commands.ts runs `commandEffects` after every command, features/tasks/client/tasks.ts
 * `syncEffects` after team sync's writes.
 */

export type Effects = {
  /** The list to store: `next` itself when nothing was added to the change. */
  tasks: Task[];
  /** The next occurrences made. */
  spawned: Task[];
};

/** After a command (a person's change): settled, next occurrences made, the changed tasks stamped. */
export function commandEffects(current: readonly Task[], next: Task[], context: SpawnContext): Effects {
  // One look at what the command changed (pointer comparisons), shared by the steps.
  const changes = listChanges(current, next);
  const settled = settleChangedTasks(current, next, changes);
  const settledChanges = settled === next ? changes : listChanges(current, settled);
  const { tasks, spawned } = spawnNextOccurrences(current, settled, context, settledChanges);
  const stamped = stampChangedTasks(
    current,
    tasks,
    context.nowMs,
    tasks === settled ? settledChanges : undefined,
  );
  return { tasks: stamped, spawned };
}

/**
 * After team sync wrote what the server sent (`before` → `current`): the tasks it changed settled,
 * and a repeating task another device's change completed makes its next occurrence here too (its
 * identity is derived from the task's, so every device makes the same one). Nobody here changed
 * anything: no `updatedAt`.
 */
export function syncEffects(before: readonly Task[], current: Task[], context: SpawnContext): Effects {
  const settled = settleChangedTasks(before, current);
  return spawnNextOccurrences(before, settled, context);
}
