import { Trash2 } from 'lucide-react';
import { toast, type ExternalToast } from 'sonner';
import { TASK_PAGE_TOAST_DURATION_MS } from '@/shared/constants';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { deleteTask, restoreTask } from '@/features/tasks/client/task-commands';
import { tasksStore } from '@/features/tasks/client/tasks';
import { focusTaskWhenShown } from './task-focus';
import { UNDO_LABEL } from '@/shared/ui/undo-label';

/** The label of the action every delete toast carries (docs/product.md#undo-a-delete). */
export { UNDO_LABEL };

/** The toast a screen shows for a delete: its colour, its exact text and its own options. */
export type DeleteToast = {
  type: 'success' | 'error';
  message: string;
  options?: Omit<ExternalToast, 'action'>;
};

/**
 * Create Tasks' (and the task view's) delete toast, as the spec has it: red, `Task removed successfully!`
 * with a trash icon, for 3 s (docs/product.md#create-tasks).
 */
export const TASK_REMOVED_TOAST: DeleteToast = {
  type: 'error',
  message: 'Task removed successfully!',
  options: {
    duration: TASK_PAGE_TOAST_DURATION_MS,
    icon: <Trash2 className="size-5" aria-hidden="true" />,
  },
};

/**
 * Deletes the task with this id through `deleteTask` and shows the screen's toast with an `Undo`
 * action for as long as the toast shows (docs/product.md#undo-a-delete). Undo puts the very task back
 * where it stood through `restoreTask` (team sync: a restore, which other devices follow) and focuses it
 * once it shows (`focusTaskWhenShown`). Every delete
 * of a task goes through here: Create Tasks' `Delete Task`, the admin's `❌ Delete`, the task view.
 * Returns false when the browser refused the write (the storage toast shows instead; nothing changed).
 */
export function deleteTaskWithUndo(taskId: string, shown: DeleteToast): boolean {
  const before = tasksStore.read();
  const index = before.findIndex((task) => task.id === taskId);
  const removed = before[index];
  if (!saveSafely(() => deleteTask(taskId))) return false;
  const options: ExternalToast = { ...shown.options };
  if (removed) {
    options.action = {
      label: UNDO_LABEL,
      onClick: () => {
        // Focus goes to the restored task (its card, or its title link), not to the page's start.
        if (saveSafely(() => restoreTask(removed, index))) focusTaskWhenShown(removed.id);
      },
    };
  }
  toast[shown.type](shown.message, options);
  return true;
}
