import { ListChecks } from 'lucide-react';
import { checklistCounts } from '@/features/tasks/model/checklist';
import type { Task } from '@/features/tasks/model/task-types';
import { CountBadge } from './count-badge';

/** What a card says of its checklist, read aloud (the card shows `{done}/{total}`). */
export function checklistBadgeLabel(done: number, total: number): string {
  return `Checklist: ${done} of ${total} done`;
}

/**
 * A card's checklist count, `2/5`, named `Checklist: 2 of 5 done` (docs/product.md#checklists);
 * nothing when the task has no checklist.
 */
export function ChecklistBadge({ task, className }: { task: Task; className?: string }) {
  const { done, total } = checklistCounts(task);
  if (total === 0) return null;
  return (
    <CountBadge
      icon={ListChecks}
      shown={`${done}/${total}`}
      label={checklistBadgeLabel(done, total)}
      className={className}
    />
  );
}
