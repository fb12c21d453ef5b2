'use client';

import { useEffect, useState, type DragEvent, type RefObject } from 'react';

/**
 * Files dropped on an element (the Files section): whether files are dragged over it, and the
 * handlers to spread on it. Anything else dragged (text, a card) is left to whoever handles it.
 */
export function useFileDrop(enabled: boolean, onFiles: (files: FileList) => void) {
  const [dragging, setDragging] = useState(false);
  const handlers = enabled
    ? {
        onDragOver: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (event: DragEvent) => {
          setDragging(false);
          if (event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          onFiles(event.dataTransfer.files);
        },
      }
    : {};
  return { dragging, handlers };
}

/**
 * Files pasted anywhere in the dialog around `inside` (a screenshot pasted into the description or
 * a comment box): attached to the task; `onFiles` gets the field they were pasted into, if any. A
 * paste of text only is left to the field it goes into.
 */
export function usePastedFiles(
  inside: RefObject<HTMLElement | null>,
  enabled: boolean,
  onFiles: (files: File[], field: HTMLTextAreaElement | null) => void,
) {
  useEffect(() => {
    const scope = inside.current?.closest('dialog') ?? inside.current;
    if (!enabled || !scope) return;
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      onFiles(files, event.target instanceof HTMLTextAreaElement ? event.target : null);
    };
    scope.addEventListener('paste', onPaste);
    return () => scope.removeEventListener('paste', onPaste);
  }, [inside, enabled, onFiles]);
}

/**
 * Writes `text` where the field's caret is, as typing would: the field's own change (and undo)
 * follow. A paste's images leave their references this way (shared/format/inline-files.ts).
 */
export function insertAtCaret(field: HTMLTextAreaElement, text: string): void {
  field.focus();
  // The browser's own edit keeps the field's undo history; it is missing in some browsers.
  if (document.execCommand?.('insertText', false, text)) return;
  field.setRangeText(text, field.selectionStart, field.selectionEnd, 'end');
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
