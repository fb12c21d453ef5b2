/**
 * The member area's keyboard shortcuts (docs/product.md#keyboard-shortcuts): which key does what, and
 * when a key press is one. Pure: the listener (shell/keyboard/keyboard-shortcuts.tsx) passes the
 * event and whether a dialog is open.
 */

/** What a shortcut does; `Enter` and `Esc` are handled where they apply (a task card, a dialog). */
export type ShortcutAction = 'new-task' | 'search' | 'help';

/** The list `?` shows, in order: the key as printed and what it does. */
export const SHORTCUT_LIST: readonly { key: string; does: string }[] = [
  { key: 'n', does: 'New task' },
  { key: '/', does: 'Search tasks' },
  { key: 'Enter', does: 'Open the focused task' },
  { key: 'Esc', does: 'Close' },
  { key: '?', does: 'This list' },
];

const ACTION_BY_KEY: Readonly<Record<string, ShortcutAction>> = {
  n: 'new-task',
  '/': 'search',
  '?': 'help',
};

/** The parts of a focused element that say whether the user is typing in it. */
export type ShortcutTarget = { tagName?: string; isContentEditable?: boolean } | null;

/** The parts of a `keydown` event a shortcut depends on. */
export type ShortcutKeyEvent = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target: ShortcutTarget | EventTarget | null;
};

const TYPING_TAGS: ReadonlySet<string> = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** Whether the key went to a place where it types: an input, a textarea, a select, editable text. */
export function isTypingTarget(target: ShortcutKeyEvent['target']): boolean {
  if (target === null || typeof target !== 'object') return false;
  const element = target as { tagName?: unknown; isContentEditable?: unknown };
  if (element.isContentEditable === true) return true;
  return typeof element.tagName === 'string' && TYPING_TAGS.has(element.tagName.toUpperCase());
}

/**
 * The shortcut a key press is, or null: none while typing in a field, with Ctrl, Meta (⌘) or Alt held
 * (the browser's and the system's own shortcuts), during an input method's composition, when the
 * page already handled the key, or while a dialog is open (it has the keyboard; Esc closes it).
 * Shift is allowed: it is how `?` is typed on most layouts.
 */
export function shortcutFor(
  event: ShortcutKeyEvent,
  context: { dialogOpen: boolean },
): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.isComposing || event.defaultPrevented || context.dialogOpen) return null;
  if (isTypingTarget(event.target)) return null;
  return ACTION_BY_KEY[event.key] ?? null;
}
