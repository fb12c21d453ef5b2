'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/shared/cn';
import { renameChecklistItem } from '@/features/tasks/client/checklist-commands';
import type { ChecklistItem } from '@/features/tasks/model/checklist';
import { FIELD_INPUT } from '@/shared/ui/styles';
import { CHECKLIST_TEXTS, run } from './checklist-shared';

/**
 * The item's text, editable: Enter or leaving the field saves, Escape cancels. A refused text stays in
 * the field with its message; closing the view mid-edit saves what was typed.
 */
export function RenameField({
  taskId,
  item,
  onDone,
}: {
  taskId: string;
  item: ChecklistItem;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(item.text);
  const [error, setError] = useState<string | null>(null);
  const draftRef = useRef(draft);
  const settled = useRef(false);
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
    return () => {
      // Unmounted while editing (the view closed): keep what was typed, when it may be kept.
      if (!settled.current && draftRef.current !== item.text) {
        run(() => renameChecklistItem(taskId, item.id, draftRef.current));
      }
    };
    // Only on mount and unmount: the draft is read through its ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function save() {
    const result = run(() => renameChecklistItem(taskId, item.id, draft));
    if (result === null) return;
    if (!result.ok) {
      setError(result.message);
      return;
    }
    settled.current = true;
    onDone();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      // Escape cancels the edit, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      settled.current = true;
      onDone();
    }
  }

  return (
    <div className="min-w-0 flex-1">
      <input
        ref={inputRef}
        type="text"
        value={draft}
        aria-label={CHECKLIST_TEXTS.renameField(item.text)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          draftRef.current = event.target.value;
          setError(null);
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          if (!settled.current && !error) save();
        }}
        className={cn(FIELD_INPUT, 'py-1.5 text-sm')}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
