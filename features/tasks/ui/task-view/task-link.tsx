'use client';

import type { MouseEvent, ReactNode } from 'react';
import { cn } from '@/shared/cn';
import { taskKey, withTaskParam } from '@/features/tasks/model/task-link';
import type { Task } from '@/features/tasks/model/task-types';
import { FOCUS_RING } from '@/shared/ui/styles';
import { taskFocusProps } from '../task-focus';
import { openTask } from './open-task';

/** How a task's title looks where it opens the task: the text's own colour, underlined on hover. */
export const TASK_LINK = cn('rounded underline-offset-4 hover:underline', FOCUS_RING);

/**
 * A task's title (or any content) as a link to its view (docs/product.md#the-task-view): a plain click
 * opens the view in place; a modified click or a copied address keeps `?task={key}`. It is where the
 * task takes focus on a screen without cards (features/tasks/ui/task-focus.ts).
 */
export function TaskLink({
  task,
  className,
  children,
}: {
  task: Pick<Task, 'id'> & { uid?: unknown };
  className?: string;
  children: ReactNode;
}) {
  function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openTask(task);
  }
  return (
    <a
      href={withTaskParam('', taskKey(task))}
      onClick={open}
      className={cn(TASK_LINK, className)}
      {...taskFocusProps(task.id)}
    >
      {children}
    </a>
  );
}
