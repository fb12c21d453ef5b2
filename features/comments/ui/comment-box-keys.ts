import type { KeyboardEvent } from 'react';

/**
 * The comment boxes' keys: Enter runs `onEnter` (Shift+Enter, or Enter while an input method
 * composes, makes a new line); Escape runs `onEscape` when given, and then does not close the task
 * view around the box.
 */
export function handleBoxKeys(
  event: KeyboardEvent<HTMLTextAreaElement>,
  onEscape: (() => void) | null,
  onEnter: () => void,
): void {
  if (event.key === 'Escape' && onEscape !== null) {
    event.preventDefault();
    event.stopPropagation();
    onEscape();
    return;
  }
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  onEnter();
}
