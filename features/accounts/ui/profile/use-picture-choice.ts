'use client';

import { useRef, useState, type ChangeEvent } from 'react';
import { NotAnImageError, imageFileToDataUrl } from '@/features/accounts/client/read-image';

const COULD_NOT_PROCESS = 'That picture could not be processed. Please try another image.';

/**
 * The picture picker's state: a chosen file shrunk to a data URL and handed to `onChange`, or an
 * error saying why not; `busy` while it is prepared (told to `onBusyChange` too). Only the latest
 * choice lands; `remove` clears the picture and moves focus to the file input (`inputRef`).
 */
export function usePictureChoice({
  onChange,
  onBusyChange,
}: {
  onChange: (dataUrl: string | undefined) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  // Only the latest choice may land: an earlier, slower file must not overwrite it.
  const latestPick = useRef(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function setBusyState(next: boolean) {
    setBusy(next);
    onBusyChange?.(next);
  }

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    input.value = '';
    if (!file) return;
    const pick = ++latestPick.current;
    if (!file.type.startsWith('image/')) {
      // Refused at once; a picture still being prepared from an earlier choice is dropped too.
      setBusyState(false);
      setError(new NotAnImageError().message);
      return;
    }
    setError(null);
    setBusyState(true);
    try {
      const dataUrl = await imageFileToDataUrl(file);
      if (pick !== latestPick.current) return;
      onChange(dataUrl);
    } catch (caught) {
      if (pick !== latestPick.current) return;
      setError(caught instanceof NotAnImageError ? caught.message : COULD_NOT_PROCESS);
    } finally {
      if (pick === latestPick.current) setBusyState(false);
    }
  }

  function remove() {
    latestPick.current++;
    setError(null);
    setBusyState(false);
    onChange(undefined);
    // The button disappears with the picture: keep the keyboard user in the field.
    inputRef.current?.focus();
  }

  return { inputRef, error, busy, handleFile, remove };
}
