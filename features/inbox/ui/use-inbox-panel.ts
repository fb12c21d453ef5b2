'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * The bell's panel, open or closed: once open it takes the focus, and a click outside `rootRef` or
 * Escape closes it (Escape puts focus back on the bell). `closeToBell` closes it with focus on the bell.
 */
export function useInboxPanel() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // On the document: Escape still closes the panel when the focused button has just gone.
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  // An entry opens its task: the panel closes with focus on the bell first, so the task view (which
  // returns focus to whatever had it when it opened) comes back to the bell, not to a vanished entry.
  function closeToBell() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  return { open, setOpen, rootRef, buttonRef, panelRef, closeToBell };
}
