'use client';

import { useId, useRef } from 'react';
import { SHORTCUT_LIST } from '@/shell/keyboard/shortcuts';
import { Button } from '@/shared/ui/button';
import { DialogActions, ModalDialog } from '@/shared/ui/modal-dialog';
import { CreateTaskForm } from '@/features/tasks/ui/create-task-form';

export type ShortcutDialog = 'help' | 'quick-add';

export const SHORTCUT_TEXTS = {
  heading: 'Keyboard shortcuts',
  note: 'They do not work while you type in a field.',
  close: 'Close',
  cancel: 'Cancel',
} as const;

const DIALOG =
  'm-auto w-[min(32rem,calc(100vw-2rem))] max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl p-5';

/**
 * The dialogs of the keyboard shortcuts (docs/product.md#keyboard-shortcuts): `?`'s list, and `n`'s
 * quick add, the Create Tasks form itself (the task goes through addTask) with only the title required
 * (docs/product.md#capture), which closes once a task is added. Esc closes either; focus goes back where it was.
 */
export function ShortcutDialogs({ open, onClose }: { open: ShortcutDialog; onClose: () => void }) {
  return open === 'help' ? <ShortcutList onClose={onClose} /> : <QuickAdd onClose={onClose} />;
}

function ShortcutList({ onClose }: { onClose: () => void }) {
  const noteId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      open
      title={SHORTCUT_TEXTS.heading}
      describedBy={noteId}
      onCancel={onClose}
      initialFocus={closeRef}
      className={DIALOG}
    >
      <dl className="mt-4 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {SHORTCUT_LIST.map(({ key, does }) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="inline-block min-w-8 rounded-md border border-slate-300 bg-slate-50 px-2 py-0.5 text-center font-mono text-slate-900">
                {key}
              </kbd>
            </dt>
            <dd className="text-slate-800">{does}</dd>
          </div>
        ))}
      </dl>
      <p id={noteId} className="mt-4 text-sm text-slate-700">
        {SHORTCUT_TEXTS.note}
      </p>
      <DialogActions>
        <Button ref={closeRef} variant="secondary" onClick={onClose}>
          {SHORTCUT_TEXTS.close}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

function QuickAdd({ onClose }: { onClose: () => void }) {
  const headingId = useId();
  return (
    <ModalDialog open labelledBy={headingId} onCancel={onClose} className={DIALOG}>
      <CreateTaskForm headingId={headingId} onAdded={onClose} titleOnly>
        <Button variant="secondary" onClick={onClose}>
          {SHORTCUT_TEXTS.cancel}
        </Button>
      </CreateTaskForm>
    </ModalDialog>
  );
}
