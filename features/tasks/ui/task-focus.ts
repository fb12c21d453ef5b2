/**
 * Where a task takes focus on a screen (docs/product.md#undo-a-delete): the element a screen marks with
 * `data-task-focus="{task id}"`, itself focusable — the board's card, the title link elsewhere
 * (features/tasks/ui/task-view/task-link.tsx). One mark, so "focus this task" is one lookup everywhere.
 */
export const TASK_FOCUS_ATTRIBUTE = 'data-task-focus';

/** The props that mark an element as its task's focus target. */
export function taskFocusProps(taskId: string): { [TASK_FOCUS_ATTRIBUTE]: string } {
  return { [TASK_FOCUS_ATTRIBUTE]: taskId };
}

/** How long a task just written back may take to appear on screen before we stop looking. */
export const TASK_FOCUS_WAIT_MS = 1_000;

/**
 * Focuses the task's marked element once the screen shows it (a restored task renders a frame or more
 * after the write). A task this screen does not show (another page of a list, filtered out) leaves
 * focus where it is; we stop looking after `TASK_FOCUS_WAIT_MS`.
 */
export function focusTaskWhenShown(taskId: string): void {
  // Outside a page (a command run in tests or on the server) there is nothing to focus.
  if (typeof document === 'undefined') return;
  // An attribute value in double quotes needs only `"` and `\` escaped (jsdom has no CSS.escape).
  const selector = `[${TASK_FOCUS_ATTRIBUTE}="${taskId.replace(/["\\]/g, '\\$&')}"]`;
  const deadline = performance.now() + TASK_FOCUS_WAIT_MS;
  const look = () => {
    const target = document.querySelector<HTMLElement>(selector);
    if (!target) {
      if (performance.now() < deadline) requestAnimationFrame(look);
      return;
    }
    target.focus();
    // Focus leaving the toasts (Undo is in one) makes the toaster put it back where it was before
    // them; once is all it does, so a second call lands.
    if (document.activeElement !== target) target.focus();
  };
  requestAnimationFrame(look);
}
