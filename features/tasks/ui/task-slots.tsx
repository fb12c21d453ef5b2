'use client';

import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { TaskKeyOf } from '@/features/tasks/model/task-filter';
import type { Task } from '@/features/tasks/model/task-types';

/**
 * What features above tasks show inside the tasks screens (docs/decisions/0048-one-folder-per-feature.md):
 * the marker of replaced values and the older completed tasks (team sync), a card's comment count
 * and the task view's comments (comments), its history (team sync), and its key (projects). The board, the grid and the
 * task view render these slots without importing those features; the shell fills them, with team
 * sync on only. Without a provider every slot renders nothing, as the spec's screens expect.
 */
export interface TaskSlots {
  ConflictMarker: ComponentType<{
    task: Task;
    className?: string;
    returnFocus?: () => HTMLElement | null | undefined;
    reviewOnRequest?: boolean;
  }>;
  CommentCount: ComponentType<{ task: Task; className?: string }>;
  /** A card's paperclip and file count (attachments). */
  AttachmentCount: ComponentType<{ task: Task; className?: string }>;
  /** A card's cover image, above its title (attachments). */
  AttachmentCover: ComponentType<{ task: Task }>;
  OlderCompleted: ComponentType<{ className?: string }>;
  Comments: ComponentType<{ task: Task }>;
  /** The task view's files (attachments). */
  Attachments: ComponentType<{ task: Task }>;
  /** The images pasted into the description, shown under it (attachments). */
  InlineFiles: ComponentType<{ task: Task; text: string }>;
  /** A hook: how many files each task holds (attachments), for the finder's `has attachments`; without, none. */
  useFileCountOf: () => (task: Task) => number;
  History: ComponentType<{ task: Task }>;
  /** The task's key in its project (`OPS-12`, projects). */
  TaskKey: ComponentType<{ task: Task; className?: string }>;
  /** The task view's `Project`, where it may be moved to another (projects). */
  ProjectField: ComponentType<{ task: Task }>;
  /** Create Tasks' `Project` (projects): where a new task goes; null is General. */
  NewTaskProject: ComponentType<{ value: string | null; onChange: (projectId: string | null) => void }>;
  /**
   * A hook: which tasks the overviews show (the calendar, Notifications, the deadline toasts and
   * reminders): with projects, not those of archived projects; without, every task. One function
   * per set, so a list filtered by it is filtered again only when the set changes.
   */
  useShownInOverviews: () => (task: Task) => boolean;
  /** A hook: each task's key (projects), so the finder finds `OPS-12`; without projects, none. */
  useTaskKeyOf: () => TaskKeyOf;
  /** A hook: the card menu's move to another project (projects); without projects, not available. */
  useMoveTaskDialog: (task: Task, returnFocus?: () => HTMLElement | null | undefined) => MenuDialog;
  /**
   * A hook: the projects an overview may be narrowed to (their keys and names, not archived; none
   * with General alone) and each task's project key (features/tasks/ui/project-choice.tsx).
   */
  useProjectFilter: () => ProjectFilter;
  /** A hook: whether the grid offers selecting tasks to move them (projects: somewhere to move them to). */
  useMayMoveSelection: () => boolean;
  /** The selection's `Move to project` button and dialog (projects); `onMoved` clears the selection. */
  MoveSelectionButton: ComponentType<{ tasks: readonly Task[]; onMoved: () => void }>;
}

/** The overviews' project choice: `[key, text]` options, and a task's project key ('' when unknown). */
export interface ProjectFilter {
  options: readonly (readonly [string, string])[];
  keyOf: (task: Task) => string;
}

/** A card menu item's dialog: whether it is offered, its item's text, and the dialog to render. */
export interface MenuDialog {
  available: boolean;
  label: string;
  open: () => void;
  dialog: ReactNode;
}

const Nothing = () => null;
const noKey: TaskKeyOf = () => null;
const everyTask = () => true;
const noFiles = () => 0;
const NO_DIALOG: MenuDialog = { available: false, label: '', open: () => undefined, dialog: null };
const NO_PROJECT_FILTER: ProjectFilter = { options: [], keyOf: () => '' };

export const EMPTY_TASK_SLOTS: TaskSlots = {
  ConflictMarker: Nothing,
  CommentCount: Nothing,
  AttachmentCount: Nothing,
  AttachmentCover: Nothing,
  OlderCompleted: Nothing,
  Comments: Nothing,
  Attachments: Nothing,
  History: Nothing,
  TaskKey: Nothing,
  ProjectField: Nothing,
  NewTaskProject: Nothing,
  InlineFiles: Nothing,
  useFileCountOf: () => noFiles,
  useShownInOverviews: () => everyTask,
  useTaskKeyOf: () => noKey,
  useMoveTaskDialog: () => NO_DIALOG,
  useProjectFilter: () => NO_PROJECT_FILTER,
  useMayMoveSelection: () => false,
  MoveSelectionButton: Nothing,
};

const TaskSlotsContext = createContext<TaskSlots>(EMPTY_TASK_SLOTS);

export function TaskSlotsProvider({ slots, children }: { slots: TaskSlots; children: ReactNode }) {
  return <TaskSlotsContext.Provider value={slots}>{children}</TaskSlotsContext.Provider>;
}

/** The slots the shell filled (each renders nothing when it did not). */
export function useTaskSlots(): TaskSlots {
  return useContext(TaskSlotsContext);
}
