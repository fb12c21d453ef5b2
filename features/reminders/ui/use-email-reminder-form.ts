'use client';

import { useMemo, useState, type FormEvent } from 'react';
import { ApiError, serverMessageOf } from '@/shared/http/http';
import { fetchReminderSettings, saveEmailReminderSettings } from '@/features/reminders/client/reminders-api';
import { useServerValue } from '@/shared/hooks/use-server-value';
import { REMINDER_TIME_PATTERN } from '@/features/reminders/model/schedule';
import { EMAIL_REMINDER_TEXTS } from './email-reminder-texts';

export type EmailReminderForm = { email: boolean; time: string; timeZone: string };
type Save =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; message: string }
  | { status: 'error'; message: string };

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone this browser knows, plus the current choice and UTC, sorted. */
export function timeZoneOptions(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return [...new Set([...zones, 'UTC', current])].sort();
}

/**
 * A refused save in one line: the server's message, else the HTTP error's own, else (no answer, an
 * unreadable one) the connection hint. Not `describeFailure`: it words an HTTP error without a
 * message from its status only, where this form has always shown the error's text.
 */
export function saveFailureText(error: unknown): string {
  return (
    serverMessageOf(error) ??
    (error instanceof ApiError && error.kind === 'http' ? error.message : EMAIL_REMINDER_TEXTS.saveFailed)
  );
}

/** The saved settings as the form shows them: no zone chosen yet is this browser's. */
async function loadForm(): Promise<EmailReminderForm> {
  const settings = await fetchReminderSettings();
  return { email: settings.email, time: settings.time, timeZone: settings.timeZone ?? browserTimeZone() };
}

/**
 * The morning email's form (GET/PUT /api/reminders/settings): the saved settings, loaded once
 * (`load`, `retry`), the choices as edited (`form`, `change`), and the save with its outcome.
 * The form is null until the settings are loaded.
 */
export function useEmailReminderForm() {
  const { state: load, retry } = useServerValue(loadForm, EMAIL_REMINDER_TEXTS.loadFailed);
  const [edited, setEdited] = useState<EmailReminderForm | null>(null);
  const [save, setSave] = useState<Save>({ status: 'idle' });
  const [timeError, setTimeError] = useState<string | undefined>();
  const loaded = load.status === 'ready' ? load.value : null;
  const form = edited ?? loaded;
  const timeZone = form?.timeZone;
  const zones = useMemo(() => (timeZone ? timeZoneOptions(timeZone) : []), [timeZone]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form) return;
    if (!REMINDER_TIME_PATTERN.test(form.time)) {
      setTimeError(EMAIL_REMINDER_TEXTS.badTime);
      return;
    }
    setTimeError(undefined);
    setSave({ status: 'saving' });
    try {
      const { message } = await saveEmailReminderSettings(form);
      setSave({ status: 'saved', message: message || EMAIL_REMINDER_TEXTS.saved });
    } catch (error) {
      setSave({ status: 'error', message: saveFailureText(error) });
    }
  }

  function change(patch: Partial<EmailReminderForm>) {
    if (!loaded) return;
    setEdited((previous) => ({ ...(previous ?? loaded), ...patch }));
    setSave({ status: 'idle' });
  }

  return { load, retry, form, zones, change, submit, save, timeError };
}
