'use client';

import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { CommentCount } from '@/features/comments/ui/comment-count';
// In the page's own code, not a chunk fetched when the first card renders: the finder needs the
// counts anyway, and a lazy part on a card held the board's first frame back by a request.
import { CardFileCount, CardFileCover, useFileCountOf } from '@/features/attachments/ui/card-files';
import { OlderCompletedSlot } from '@/features/sync/ui/older-completed-slot';
import {
  TaskKey,
  useProjectFilter,
  useShownInOverviews,
  useTaskKeyOf,
} from '@/features/projects/ui/task-key';
import { useMoveTaskDialog } from '@/features/projects/ui/move-task-dialog';
import { NewTaskProject } from '@/features/projects/ui/new-task-project';
import { useMayMoveSelection } from '@/features/projects/ui/move-targets';
import { EMPTY_TASK_SLOTS, TaskSlotsProvider, type TaskSlots } from '@/features/tasks/ui/task-slots';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

/** Not fetched (offline): the screen goes on without the part until the next load. */
const nothing = () => () => null;

const ConflictMarker = dynamic(
  () => import('@/features/sync/ui/conflict-marker').then((module) => module.ConflictMarker, nothing),
  { ssr: false },
);
const Comments = dynamic(
  () => import('@/features/comments/ui/comments-section').then((module) => module.CommentsSection, nothing),
  { ssr: false },
);
const Attachments = dynamic(
  () =>
    import('@/features/attachments/ui/attachments-section').then(
      (module) => module.AttachmentsSection,
      nothing,
    ),
  { ssr: false },
);
const InlineFiles = dynamic(
  () => import('@/features/attachments/ui/inline-images').then((module) => module.InlineImages, nothing),
  { ssr: false },
);
const ProjectField = dynamic(
  () => import('@/features/projects/ui/project-field').then((module) => module.ProjectField, nothing),
  { ssr: false },
);
const MoveSelectionButton = dynamic(
  () => import('@/features/projects/ui/move-selection').then((module) => module.MoveSelectionButton, nothing),
  { ssr: false },
);
const History = dynamic(
  () => import('@/features/sync/ui/history-section').then((module) => module.HistorySection, nothing),
  { ssr: false },
);

/**
 * What team sync and comments show inside the tasks screens (features/tasks/ui/task-slots.tsx), each
 * in a chunk of its own, fetched on first use: with sync off the slots stay empty and a deployment
 * without it downloads none of their code.
 */
const TEAM_SLOTS: TaskSlots = {
  ConflictMarker,
  CommentCount,
  AttachmentCount: CardFileCount,
  AttachmentCover: CardFileCover,
  OlderCompleted: OlderCompletedSlot,
  Comments,
  Attachments,
  InlineFiles,
  useFileCountOf,
  History,
  TaskKey,
  ProjectField,
  useTaskKeyOf,
  useMoveTaskDialog,
  NewTaskProject,
  useShownInOverviews,
  useProjectFilter,
  useMayMoveSelection,
  MoveSelectionButton,
};

/**
 * By default (no team sync): the browser's own projects (docs/product.md#projects-in-the-default-mode)
 * and files (docs/product.md#files-in-the-default-mode) in the task view, on the cards, Create Tasks
 * and the overviews; nothing of team sync or comments.
 */
const LOCAL_SLOTS: TaskSlots = {
  ...EMPTY_TASK_SLOTS,
  AttachmentCount: CardFileCount,
  AttachmentCover: CardFileCover,
  Attachments,
  InlineFiles,
  useFileCountOf,
  ProjectField,
  NewTaskProject,
  useShownInOverviews,
  useProjectFilter,
  useMayMoveSelection,
  MoveSelectionButton,
};

export function TeamTaskSlots({ children }: { children: ReactNode }) {
  const teamSync = useTeamSyncOn();
  return <TaskSlotsProvider slots={teamSync ? TEAM_SLOTS : LOCAL_SLOTS}>{children}</TaskSlotsProvider>;
}
