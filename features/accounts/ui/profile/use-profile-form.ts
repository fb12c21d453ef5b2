'use client';

import { useState, type FormEvent } from 'react';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { describeHiddenCharacters } from '@/shared/validation/hidden-characters';
import { describeAccountNameProblem } from '@/features/accounts/model/names';

/**
 * The alert after a profile save (member and admin alike), before the page reloads
 * (docs/product.md#alerts-and-toasts).
 */
export const PROFILE_SAVED_MESSAGE = 'Profile updated successfully!';

/**
 * The member and admin profile forms' state and submit: write to local storage, alert, reload
 * (docs/product.md#member-profile, docs/product.md#profile-settings). The server (and hydration) sees no
 * stored profile, so the values are refilled when the real one arrives, or when another tab changes it, until
 * the user starts editing. A save waits for a picture still being downscaled; when storage refuses the write,
 * `saveSafely` shows why and nothing is alerted or reloaded, so what was typed stays.
 */
export function useProfileForm<Stored, Values extends { profilePic: string; name: string }>(options: {
  stored: Stored;
  toValues: (stored: Stored) => Values;
  save: (values: Values) => void;
  /**
   * Team mode's member profile (docs/product.md#member-profile): the name is the account's and is
   * saved on the server first. It resolves to null when saved, or to the refusal to show under Name
   * (a failure it told some other way resolves to ''); either way nothing else is saved.
   */
  saveName?: (name: string) => Promise<string | null>;
}) {
  const { stored, toValues, save, saveName } = options;
  const [savingName, setSavingName] = useState(false);
  const [values, setValues] = useState(() => toValues(stored));
  const [loadedFrom, setLoadedFrom] = useState(stored);
  const [edited, setEdited] = useState(false);
  const [pictureBusy, setPictureBusy] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>(undefined);

  if (!edited && stored !== loadedFrom) {
    setLoadedFrom(stored);
    setValues(toValues(stored));
  }

  function change<K extends keyof Values>(key: K, value: Values[K]) {
    setEdited(true);
    if (key === 'name') setNameError(undefined);
    setValues((previous) => ({ ...previous, [key]: value }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pictureBusy || savingName) return;
    // A name that hides characters is refused by the field, nothing saved (docs/product.md#names).
    const problem =
      describeHiddenCharacters('Name', values.name) ??
      (saveName ? describeAccountNameProblem(values.name) : null);
    if (problem) {
      setNameError(problem);
      return;
    }
    const normalised = { ...values, name: values.name.normalize('NFC') };
    if (saveName) {
      setSavingName(true);
      const refusal = await saveName(normalised.name.trim()).finally(() => setSavingName(false));
      if (refusal !== null) {
        if (refusal) setNameError(refusal);
        return;
      }
    }
    if (!saveSafely(() => save(normalised))) return;
    window.alert(PROFILE_SAVED_MESSAGE);
    window.location.reload();
  }

  /** The picture field's props: its value, and '' stored for no picture. */
  const picture = {
    value: values.profilePic || undefined,
    onChange: (dataUrl: string | undefined) => change('profilePic', (dataUrl ?? '') as Values['profilePic']),
    onBusyChange: setPictureBusy,
  };

  return {
    values,
    change,
    picture,
    pictureBusy: pictureBusy || savingName,
    handleSubmit,
    errors: { name: nameError },
  };
}
