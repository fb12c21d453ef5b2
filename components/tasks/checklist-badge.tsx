import { ListChecks } from 'lucide-react';
import { cn } from '@/lib/cn';
import { checklistCounts } from '@/lib/tasks/checklist';
import type { Task } from '@/lib/tasks/task';

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
    <p className={cn('inline-flex items-center gap-1 text-xs font-medium text-slate-700', className)}>
      <ListChecks className="size-3.5" aria-hidden="true" />
      <span aria-hidden="true">
        {done}/{total}
      </span>
      <span className="sr-only">{checklistBadgeLabel(done, total)}</span>
    </p>
  );
}
