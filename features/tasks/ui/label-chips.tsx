'use client';

import { cn } from '@/shared/cn';
import { labelsOfTask, type Label, type LabelColor } from '@/features/tasks/model/labels';
import type { Task } from '@/features/tasks/model/task-types';
import { useLabelSet } from './use-labels';

/**
 * A label's colours: the palette's tint, strong text and border of its hue, which app/palette.css
 * turns into a readable pair in the dark theme too (ADR 0014), like the priority and status badges.
 */
export const LABEL_CHIP_LOOK: Record<LabelColor, string> = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  orange: 'bg-orange-100 text-orange-800 ring-orange-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  green: 'bg-green-100 text-green-800 ring-green-200',
  teal: 'bg-teal-100 text-teal-800 ring-teal-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  purple: 'bg-purple-100 text-purple-800 ring-purple-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** One label: its name on its colour. */
export function LabelChip({ label, className }: { label: Label; className?: string }) {
  return (
    <span
      data-color={label.color}
      className={cn(
        'inline-flex max-w-full items-center rounded-full px-2 py-0.5 text-xs font-semibold break-words ring-1 ring-inset',
        LABEL_CHIP_LOOK[label.color],
        className,
      )}
    >
      {label.name}
    </span>
  );
}

/**
 * A row of chips, in the order given; nothing when there are none. A list named 'Labels', or inside
 * a control whose content is its name (the board card's drag handle), `plain` text: 'Labels:' for
 * screen readers, then the names.
 */
export function LabelChipList({
  labels,
  className,
  plain = false,
}: {
  labels: readonly Label[];
  className?: string;
  plain?: boolean;
}) {
  if (labels.length === 0) return null;
  if (plain) {
    return (
      <p className={cn('flex flex-wrap gap-1', className)}>
        <span className="sr-only">Labels: </span>
        {labels.map((label) => (
          <LabelChip key={label.id} label={label} />
        ))}
      </p>
    );
  }
  return (
    <ul aria-label="Labels" className={cn('flex flex-wrap gap-1', className)}>
      {labels.map((label) => (
        <li key={label.id} className="max-w-full">
          <LabelChip label={label} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A task's labels on a card or a row (docs/product.md#labels): the ones the set still has, in the
 * order they were added; nothing when it has none. Rendered only for tasks with label ids, so a
 * board of unlabelled tasks does not read the set at all.
 */
export function TaskLabelChips({
  task,
  className,
  plain,
}: {
  task: Pick<Task, 'labels'>;
  className?: string;
  plain?: boolean;
}) {
  if (!task.labels || task.labels.length === 0) return null;
  return <KnownLabelChips ids={task.labels} className={className} plain={plain} />;
}

function KnownLabelChips({
  ids,
  className,
  plain,
}: {
  ids: readonly string[];
  className?: string;
  plain?: boolean;
}) {
  const labels = useLabelSet();
  return (
    <LabelChipList labels={labelsOfTask({ labels: [...ids] }, labels)} className={className} plain={plain} />
  );
}
