'use client';

import { useId } from 'react';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { FIELD_INPUT } from '@/shared/ui/styles';
import { TextField, FieldFrame } from '@/shared/ui/text-field';
import { DigestSwitch } from '@/features/inbox/ui/digest-switch';
import { EMAIL_REMINDER_TEXTS } from './email-reminder-texts';
import { useEmailReminderForm, type EmailReminderForm } from './use-email-reminder-form';

/**
 * The email settings, with team sync on only: the morning email (GET/PUT /api/reminders/settings),
 * then the inbox digest's switch (features/inbox/ui/digest-switch.tsx).
 */
export function EmailReminders() {
  const reminder = useEmailReminderForm();
  const { load, form } = reminder;
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
            <Button variant="secondary" size="sm" onClick={reminder.retry}>
              {EMAIL_REMINDER_TEXTS.retry}
            </Button>
          </div>
        ) : form ? (
          <MorningEmailForm {...reminder} form={form} />
        ) : null}
      </div>
      <div className="space-y-3 border-t border-slate-200 pt-6">
        <h3 className="text-lg font-semibold text-slate-900">{EMAIL_REMINDER_TEXTS.digestHeading}</h3>
        <DigestSwitch />
      </div>
    </>
  );
}

/** The loaded morning email settings: on or off, the time and its zone, and Save. */
function MorningEmailForm({
  form,
  zones,
  change,
  submit,
  save,
  timeError,
}: ReturnType<typeof useEmailReminderForm> & { form: EmailReminderForm }) {
  const checkboxId = useId();
  const zoneId = useId();
  return (
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
  );
}
