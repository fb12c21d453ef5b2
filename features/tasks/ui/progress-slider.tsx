import { saveSafely } from '@/shared/browser-storage/save-safely';
import { setTaskProgress } from '@/features/tasks/client/task-commands';
import { TASK_PROGRESS_MAX, TASK_PROGRESS_MIN, type Task } from '@/features/tasks/model/task-types';

/** Why a task's slider is disabled while "Progress follows the checklist" is on (docs/product.md#checklists). */
export const PROGRESS_FOLLOWS_CHECKLIST = 'Progress follows the checklist.';

/**
 * A task's progress slider, 0–100 in whole steps, and `{n}% Completed` under it (docs/product.md#create-tasks):
 * each move saved through `setTaskProgress`. The caller labels it (`id`).
 */
export function ProgressSlider({
  task,
  id,
  disabled = false,
  describedBy,
}: {
  task: Task;
  id: string;
  disabled?: boolean;
  describedBy?: string;
}) {
  return (
    <>
      <input
        id={id}
        type="range"
        min={TASK_PROGRESS_MIN}
        max={TASK_PROGRESS_MAX}
        step={1}
        value={task.progress}
        disabled={disabled}
        aria-valuetext={`${task.progress}% Completed`}
        aria-describedby={describedBy}
        onChange={(event) => saveSafely(() => void setTaskProgress(task.id, Number(event.target.value)))}
        className="w-full accent-brand-600 disabled:opacity-60"
      />
      <p className="text-sm font-medium text-slate-700">{task.progress}% Completed</p>
    </>
  );
}
