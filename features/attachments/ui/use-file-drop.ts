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
 * a comment box): attached to the task. A paste of text only is left to the field it goes into.
 */
export function usePastedFiles(
  inside: RefObject<HTMLElement | null>,
  enabled: boolean,
  onFiles: (files: File[]) => void,
) {
  useEffect(() => {
    const scope = inside.current?.closest('dialog') ?? inside.current;
    if (!enabled || !scope) return;
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      onFiles(files);
    };
    scope.addEventListener('paste', onPaste);
    return () => scope.removeEventListener('paste', onPaste);
  }, [inside, enabled, onFiles]);
}
