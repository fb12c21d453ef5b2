'use client';

import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CARD, FOCUS_RING } from '@/components/ui/styles';
import { TextField } from '@/components/ui/text-field';
import { eventFromForm, type EventFormError } from '@/lib/calendar/to-calendar-events';
import { addCalendarEvent } from '@/lib/storage/calendar-events';
import { saveSafely } from '@/lib/storage/save-safely';

const EMPTY = { title: '', startDate: '', endDate: '', isDeadline: false };

/**
 * 'Add an event' by keyboard (range selection on the calendar needs a mouse or a long press): an
 * all-day event from a start date to an optional, inclusive end date.
 */
export function EventForm() {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<{ field: EventFormError; message: string } | null>(null);
  const [added, setAdded] = useState('');
  const headingId = useId();
  const checkboxId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const startDateRef = useRef<HTMLInputElement>(null);
  const endDateRef = useRef<HTMLInputElement>(null);

  function change(field: keyof typeof EMPTY, value: string | boolean) {
    setValues((current) => ({ ...current, [field]: value }));
    if (error?.field === field) setError(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = eventFromForm(values);
    if (!result.ok) {
      setError({ field: result.field, message: result.message });
      setAdded('');
      const invalid = { title: titleRef, startDate: startDateRef, endDate: endDateRef }[result.field];
      invalid.current?.focus();
      return;
    }
    setError(null);
    // A refused write (full storage) shows a toast; what was typed stays for another try.
    if (!saveSafely(() => addCalendarEvent(result.event))) return;
    setValues(EMPTY);
    setAdded(`Added "${result.event.title}" to the calendar.`);
    titleRef.current?.focus();
  }

  /** What ties a text field to its value and its error. */
  function bind(field: EventFormError) {
    return {
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value),
      error: error?.field === field ? error.message : undefined,
    };
  }

  return (
    <section aria-labelledby={headingId} className={`${CARD} p-4`}>
      <h2 id={headingId} className="pb-3 text-lg font-semibold text-slate-900">
        Add an event
      </h2>
      <form
        noValidate
        onSubmit={handleSubmit}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]"
      >
        <TextField
          ref={titleRef}
          {...bind('title')}
          label="Title"
          autoComplete="off"
          className="sm:col-span-2 lg:col-span-1"
        />
        <TextField ref={startDateRef} {...bind('startDate')} label="Start date" type="date" />
        <TextField
          ref={endDateRef}
          {...bind('endDate')}
          label="End date"
          type="date"
          hint="Optional, for an event over several days."
          min={values.startDate || undefined}
        />
        <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2 lg:col-span-3">
          <div className="flex items-center gap-2">
            <input
              id={checkboxId}
              type="checkbox"
              checked={values.isDeadline}
              onChange={(event) => change('isDeadline', event.target.checked)}
              className={`size-5 rounded border-slate-400 accent-red-600 ${FOCUS_RING}`}
            />
            <label htmlFor={checkboxId} className="text-sm font-medium text-slate-800">
              This is a deadline
            </label>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="text-sm text-green-800">
              {added}
            </p>
            <Button type="submit">Add Event</Button>
          </div>
        </div>
      </form>
    </section>
  );
}
