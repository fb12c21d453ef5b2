import { saveSafely } from '@/shared/browser-storage/save-safely';
import type { ChecklistCommandResult } from '@/features/tasks/client/checklist-commands';

/** The section's texts (docs/product.md#checklists). */
export const CHECKLIST_TEXTS = {
  heading: 'Checklist',
  empty: 'No items yet.',
  addLabel: 'Add an item',
  addButton: 'Add',
  follows: 'Progress follows the checklist',
  followsHint: 'Ticking an item sets the progress, and the board column follows it.',
  counts: (done: number, total: number) => `${done} of ${total} done`,
  rename: (text: string) => `Rename item "${text}"`,
  renameField: (text: string) => `New text for "${text}"`,
  moveUp: (text: string) => `Move "${text}" up`,
  moveDown: (text: string) => `Move "${text}" down`,
  remove: (text: string) => `Delete item "${text}"`,
  moved: (text: string, position: number, total: number) =>
    `"${text}" moved to position ${position} of ${total}.`,
} as const;

/** Runs a checklist command through saveSafely: its answer, or null when the browser refused the write. */
export function run(command: () => ChecklistCommandResult): ChecklistCommandResult | null {
  let result: ChecklistCommandResult | null = null;
  const saved = saveSafely(() => {
    result = command();
  });
  return saved ? result : null;
}

/** The id of an item's checkbox: where focus goes after a delete. */
export function checkboxId(taskId: string, itemId: string): string {
  return `checklist-${taskId}-${itemId}`;
}

/** The id of an item's `Move up`/`Move down` button: where focus stays after a keyboard move. */
export function moveId(taskId: string, itemId: string, direction: 'up' | 'down'): string {
  return `checklist-${taskId}-${itemId}-${direction}`;
}
