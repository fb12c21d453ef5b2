'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { shortcutFor } from '@/shell/keyboard/shortcuts';
import type { ShortcutDialog } from './shortcut-dialogs';

/** The dialogs' code (and the quick add's form) loads on the first `?` or `n` that needs it. */
const ShortcutDialogs = dynamic(() => import('./shortcut-dialogs').then((module) => module.ShortcutDialogs), {
  ssr: false,
});

/** The field `/` focuses: the task finder's 'Search tasks' (features/tasks/ui/task-finder.tsx). */
const SEARCH_FIELD = '[role="search"] input[type="search"]';
/** The field `n` focuses on Create Tasks: the form's title (features/tasks/ui/create-task-form.tsx). */
const NEW_TASK_FIELD = 'input[data-shortcut="new-task"]';

/**
 * The member area's one keyboard listener (docs/product.md#keyboard-shortcuts): `?` shows the list,
 * `n` focuses the Create Tasks form's title (on Create Tasks) or opens a quick add, `/` focuses
 * 'Search tasks' where the page has it. None fires while typing in a field, with Ctrl, Meta or Alt,
 * or while a dialog is open (shell/keyboard/shortcuts.ts).
 */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState<ShortcutDialog | null>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const dialogOpen = document.querySelector('dialog[open]') !== null;
      const action = shortcutFor(event, { dialogOpen });
      if (action === null) return;
      if (action === 'search') {
        const field = document.querySelector<HTMLInputElement>(SEARCH_FIELD);
        if (!field) return;
        event.preventDefault();
        field.focus();
        return;
      }
      event.preventDefault();
      if (action === 'new-task') {
        const title = document.querySelector<HTMLInputElement>(NEW_TASK_FIELD);
        if (title) {
          title.focus();
          title.scrollIntoView({ block: 'center' });
        } else {
          setOpen('quick-add');
        }
        return;
      }
      setOpen('help');
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return open === null ? null : <ShortcutDialogs open={open} onClose={() => setOpen(null)} />;
}
