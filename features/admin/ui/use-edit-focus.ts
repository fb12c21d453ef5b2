'use client';

import { useEffect, useRef } from 'react';

/**
 * Focus hand-off of a row edited in place: entering edit moves focus to the row's first field; back
 * to view, Save/Cancel are gone, so focus returns to Edit, unless the user moved on meanwhile.
 */
export function useEditFocus(editing: boolean) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);

  useEffect(() => {
    if (editing && !wasEditing.current) fieldRef.current?.focus();
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (!editing && wasEditing.current && focusLost) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return { fieldRef, editButtonRef };
}
