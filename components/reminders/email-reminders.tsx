'use client';

import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FIELD_INPUT } from '@/components/ui/styles';
import { TextField, FieldFrame } from '@/components/ui/text-field';
import { ApiError, serverMessageOf } from '@/lib/api/http';
import { fetchReminderSettings, saveEmailReminderSettings } from '@/lib/api/reminders';
import { DigestSwitch } from './digest-switch';

/** The morning email's texts (docs/product.md#reminders); the time rule is the server's own message. */
export const EMAIL_REMINDER_TEXTS = {
  heading: 'Morning email',
  digestHeading: 'Missed notifications',
  intro:
    'One short email a day with your tasks due today, due tomorrow and overdue, not counting completed ones. Nothing is sent when there are none.',
  checkbox: 'Email me my tasks every morning',
  time: 'Time',
  timeZone: 'Time zone',
  save: 'Save email reminders',
  saving: 'Saving...',
  saved: 'Email reminders saved.',
  loadFailed: 'Could not load your email reminders. Check your connection and try again.',
  retry: 'Retry',
  saveFailed: 'Could not save your email reminders. Check your connection and try again.',
  badTime: 'Choose a time as HH:MM, from 00:00 to 23:59.',
} as const;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone this browser knows, plus the current choice and UTC, sorted. */
function timeZoneOptions(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return [...new Set([...zones, 'UTC', current])].sort();
}

type Form = { email: boolean; time: string; timeZone: string };
type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready' };
type Save =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; message: string }
  | { status: 'error'; message: string };

/**
 * The email settings, with team sync on only: the morning email (GET/PUT /api/reminders/settings),
 * then the inbox digest's switch (components/reminders/digest-switch.tsx).
 */
export function EmailReminders() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [form, setForm] = useState<Form>({ email: false, time: '08:00', timeZone: browserTimeZone() });
  const [save, setSave] = useState<Save>({ status: 'idle' });
  const [timeError, setTimeError] = useState<string | undefined>();
  const zones = useMemo(() => timeZoneOptions(form.timeZone), [form.timeZone]);
  const checkboxId = useId();
  const zoneId = useId();

  const fetchSettings = useCallback(() => {
    fetchReminderSettings().then(
      (settings) => {
        setForm({
          email: settings.email,
          time: settings.time,
          timeZone: settings.timeZone ?? browserTimeZone(),
        });
        setLoad({ status: 'ready' });
      },
      () => setLoad({ status: 'error' }),
    );
  }, []);

  useEffect(() => fetchSettings(), [fetchSettings]);

  const retry = () => {
    setLoad({ status: 'loading' });
    fetchSettings();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!TIME_PATTERN.test(form.time)) {
      setTimeError(EMAIL_REMINDER_TEXTS.badTime);
      return;
    }
    setTimeError(undefined);
    setSave({ status: 'saving' });
    try {
      const { message } = await saveEmailReminderSettings(form);
      setSave({ status: 'saved', message: message || EMAIL_REMINDER_TEXTS.saved });
    } catch (error) {
      const message =
        serverMessageOf(error) ??
        (error instanceof ApiError && error.kind === 'http'
          ? error.message
          : EMAIL_REMINDER_TEXTS.saveFailed);
      setSave({ status: 'error', message });
    }
  }

  const change = (patch: Partial<Form>) => {
    setForm((previous) => ({ ...previous, ...patch }));
    setSave({ status: 'idle' });
  };

  return (
    <>
      <div className="space-y-3 border-t border-slate-200 pt-6">
        <h3 className="text-lg font-semibold text-slate-900">{EMAIL_REMINDER_TEXTS.heading}</h3>
        <p className="text-sm text-slate-600">{EMAIL_REMINDER_TEXTS.intro}</p>
        {load.status === 'loading' ? (
          <p className="text-sm text-slate-600">Loading your email reminders…</p>
        ) : load.status === 'error' ? (
          <div className="space-y-2">
            <FormAlert tone="error">{EMAIL_REMINDER_TEXTS.loadFailed}</FormAlert>
            <Button variant="secondary" size="sm" onClick={retry}>
              {EMAIL_REMINDER_TEXTS.retry}
            </Button>
          </div>
        ) : (
          <form aria-label={EMAIL_REMINDER_TEXTS.heading} className="space-y-4" onSubmit={submit} noValidate>
            <div className="flex items-center gap-3">
              <input
                id={checkboxId}
                type="checkbox"
                className="h-5 w-5 rounded border-slate-300 accent-brand-600"
                checked={form.email}
                onChange={(event) => change({ email: event.target.checked })}
              />
              <label htmlFor={checkboxId} className="text-sm font-medium text-slate-800">
                {EMAIL_REMINDER_TEXTS.checkbox}
              </label>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={EMAIL_REMINDER_TEXTS.time}
                type="time"
                value={form.time}
                error={timeError}
                onChange={(event) => change({ time: event.target.value })}
              />
              <FieldFrame inputId={zoneId} label={EMAIL_REMINDER_TEXTS.timeZone}>
                <select
                  id={zoneId}
                  className={FIELD_INPUT}
                  value={form.timeZone}
                  onChange={(event) => change({ timeZone: event.target.value })}
                >
                  {zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </select>
              </FieldFrame>
            </div>
            {save.status === 'saved' ? <FormAlert tone="success">{save.message}</FormAlert> : null}
            {save.status === 'error' ? <FormAlert tone="error">{save.message}</FormAlert> : null}
            <Button type="submit" disabled={save.status === 'saving'}>
              {save.status === 'saving' ? EMAIL_REMINDER_TEXTS.saving : EMAIL_REMINDER_TEXTS.save}
            </Button>
          </form>
        )}
      </div>
      <div className="space-y-3 border-t border-slate-200 pt-6">
        <h3 className="text-lg font-semibold text-slate-900">{EMAIL_REMINDER_TEXTS.digestHeading}</h3>
        <DigestSwitch />
      </div>
    </>
  );
}
