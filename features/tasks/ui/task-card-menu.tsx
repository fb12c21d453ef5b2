'use client';

import type { ComponentType, ReactNode } from 'react';
import { Ellipsis, FolderInput, UserRoundPen } from 'lucide-react';
import { cn } from '@/shared/cn';
import type { Task } from '@/features/tasks/model/task-types';
import { MENU_ITEM, MENU_PANEL, useMenuButton } from '@/shared/ui/menu-button';
import { FOCUS_RING } from '@/shared/ui/styles';
import { useReassignDialog } from './assignee-picker';
import { useTaskSlots } from './task-slots';

/** The board card menu's button name; the card's title describes it. */
export const TASK_CARD_MENU_LABEL = 'Task actions';

/**
 * A board card's '…' menu, 'Task actions' (team sync; docs/product.md#assignees): for the task's
 * author 'Reassign', which opens the 'Reassign task' dialog (focus goes back to this button when it
 * closes); for whoever may move the task, 'Move to project' (docs/product.md#projects). Nothing when
 * neither. A menu button (shared/ui/menu-button.ts): Enter, Space or ↓ open it, Escape closes it.
 */
export function TaskCardMenu({
  task,
  titleId,
  isAuthor,
}: {
  task: Task;
  titleId: string;
  isAuthor: boolean;
}) {
  const menu = useMenuButton();
  const reassign = useReassignDialog(task, () => menu.buttonRef.current);
  const move = useTaskSlots().useMoveTaskDialog(task, () => menu.buttonRef.current);
  if (!isAuthor && !move.available) return null;
  return (
    <div {...menu.rootProps} className="relative">
      <button
        {...menu.buttonProps}
        aria-label={TASK_CARD_MENU_LABEL}
        aria-describedby={titleId}
        className={cn(
          'inline-flex size-8 items-center justify-center rounded-full text-slate-700 hover:bg-slate-900/5',
          FOCUS_RING,
        )}
      >
        <Ellipsis className="size-5" aria-hidden="true" />
      </button>
      {menu.open ? (
        <ul {...menu.menuProps} aria-label={TASK_CARD_MENU_LABEL} className={MENU_PANEL}>
          {isAuthor ? (
            <CardMenuItem
              icon={UserRoundPen}
              onChoose={() => {
                // The dialog gives focus back to what had it: the menu's button, not the item that goes.
                menu.close();
                menu.focusButton();
                reassign.open();
              }}
            >
              Reassign
            </CardMenuItem>
          ) : null}
          {move.available ? (
            <CardMenuItem
              icon={FolderInput}
              onChoose={() => {
                menu.close();
                menu.focusButton();
                move.open();
              }}
            >
              {move.label}
            </CardMenuItem>
          ) : null}
        </ul>
      ) : null}
      {reassign.dialog}
      {move.dialog}
    </div>
  );
}

/** One item of the card menu: its icon and text; choosing it runs `onChoose`. */
function CardMenuItem({
  icon: Icon,
  onChoose,
  children,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <li role="none">
      <button type="button" role="menuitem" tabIndex={-1} className={MENU_ITEM} onClick={onChoose}>
        <Icon className="size-4" aria-hidden="true" />
        {children}
      </button>
    </li>
  );
}
