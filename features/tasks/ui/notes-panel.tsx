'use client';

import { useId, useState } from 'react';
import { useAutosave } from '@/shared/hooks/use-autosave';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { notesStore } from '@/features/tasks/client/notes';
import { FIELD_INPUT } from '@/shared/ui/styles';
import { saveSafely } from '@/shared/browser-storage/save-safely';

/** Wait this long after the last keystroke before saving. */
export const NOTES_AUTOSAVE_DELAY_MS = 600;

type SaveState = 'idle' | 'pending' | 'saved' | 'failed';

const STATUS_TEXT: Record<SaveState, string> = {
  idle: '',
  pending: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved: browser storage is full or unavailable. Your text is still here.',
};

/**
 * 'Notes': free text saved to `notes` as the user types (debounced), with a visible state
 * (docs/product.md#notes).
 */
export function NotesPanel() {
  const stored = useLocalStore(notesStore);
  // While the user has unsaved typing, it wins over what storage (or another tab) holds.
  const [draft, setDraft] = useState<string | null>(null);
  const [state, setState] = useState<SaveState>('idle');
  const textareaId = useId();
  const statusId = useId();
  const { schedule, flush } = useAutosave((text: string) => {
    if (saveSafely(() => notesStore.write(text))) {
      setState('saved');
      setDraft((current) => (current === text ? null : current));
    } else {
      setState('failed');
    }
  }, NOTES_AUTOSAVE_DELAY_MS);

  function handleChange(text: string) {
    setDraft(text);
    setState('pending');
    schedule(text);
  }

  return (
    <section
      aria-labelledby={`${textareaId}-heading`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2 pb-2">
        <h2 id={`${textareaId}-heading`} className="text-lg font-semibold text-slate-900">
          <label htmlFor={textareaId}>Notes</label>
        </h2>
        <p
          id={statusId}
          role="status"
          className={state === 'failed' ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-600'}
        >
          {STATUS_TEXT[state]}
        </p>
      </div>
      <textarea
        id={textareaId}
        className={`${FIELD_INPUT} min-h-40 resize-y`}
        placeholder="Write your notes here..."
        value={draft ?? stored}
        onChange={(event) => handleChange(event.target.value)}
        onBlur={flush}
        aria-describedby={statusId}
      />
    </section>
  );
}
