import type { TaskPriority } from '@/features/tasks/model/task-types';

/**
 * Priority colours: High red, Medium yellow, Low green; the badge also says it in words, not colour
 * alone (docs/product.md#board).
 */
export const PRIORITY_LOOK: Record<TaskPriority, { card: string; badge: string }> = {
  High: { card: 'border-l-red-500 bg-red-50', badge: 'bg-red-100 text-red-800 ring-red-200' },
  Medium: {
    card: 'border-l-yellow-400 bg-yellow-50',
    badge: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  },
  Low: { card: 'border-l-green-500 bg-green-50', badge: 'bg-green-100 text-green-800 ring-green-200' },
};
