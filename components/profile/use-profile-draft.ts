'use client';

import { useState } from 'react';

/**
 * The values of a profile form, filled from what is stored. The server (and hydration) sees no stored
 * profile, so the form is refilled when the real one arrives, or when another tab changes it, until
 * the user starts editing; from then on what they type wins.
 */
export function useProfileDraft<Stored, Values extends object>(
  stored: Stored,
  toValues: (stored: Stored) => Values,
) {
  const [values, setValues] = useState(() => toValues(stored));
  const [loadedFrom, setLoadedFrom] = useState(stored);
  const [edited, setEdited] = useState(false);

  if (!edited && stored !== loadedFrom) {
    setLoadedFrom(stored);
    setValues(toValues(stored));
  }

  function change<K extends keyof Values>(key: K, value: Values[K]) {
    setEdited(true);
    setValues((previous) => ({ ...previous, [key]: value }));
  }

  return { values, change };
}
