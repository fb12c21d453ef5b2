'use client';

import { useState, type FormEvent, type RefObject } from 'react';
import { addChecklistItem } from '@/features/tasks/client/checklist-commands';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { CHECKLIST_TEXTS, run } from './checklist-shared';

/** `Add an item`: Enter adds the item, clears the field and keeps focus there for the next one. */
export function AddItemForm({
  taskId,
  inputRef,
}: {
  taskId: string;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = run(() => addChecklistItem(taskId, text));
    if (result === null) return;
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setText('');
    setError(undefined);
    inputRef.current?.focus();
  }

  return (
    <form onSubmit={handleSubmit} className="flex items-start gap-2">
      <TextField
        ref={inputRef}
        label={CHECKLIST_TEXTS.addLabel}
        value={text}
        error={error}
        autoComplete="off"
        enterKeyHint="enter"
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="secondary" className="mt-7 shrink-0">
        {CHECKLIST_TEXTS.addButton}
      </Button>
    </form>
  );
}
