import { cn } from '@/lib/cn';
import type { Task } from '@/lib/tasks/task';
import { ChecklistBadge } from './checklist-badge';
import { CommentCount } from './comment-count';
import { TaskLabelChips } from './label-chips';
import { PRIORITY_LOOK } from './priority';

/**
 * A board card: title, description, its labels (docs/product.md#labels), 'Deadline: {date}', coloured by
 * priority and said in text (docs/product.md#board).
 */
export function TaskCardBody({ task, titleId }: { task: Task; titleId?: string }) {
  const look = PRIORITY_LOOK[task.priority];
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold break-words text-slate-900">
          {task.title}
        </h3>
        <span
          className={cn(
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
            look.badge,
          )}
        >
          {task.priority} priority
        </span>
      </div>
      {task.description ? (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{task.description}</p>
      ) : null}
      <TaskLabelChips task={task} className="mt-2" plain />
      <p className="mt-2 text-xs font-medium text-slate-600">Deadline: {task.deadline || 'None'}</p>
      <div className="flex flex-wrap gap-x-3">
        <ChecklistBadge task={task} className="mt-1" />
        <CommentCount task={task} className="mt-1" />
      </div>
    </>
  );
}

export function taskCardClasses(task: Task): string {
  return cn('rounded-xl border border-l-4 border-slate-200 p-3 shadow-sm', PRIORITY_LOOK[task.priority].card);
}
