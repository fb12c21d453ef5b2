'use client';

import { useId } from 'react';
import { Button } from '@/shared/ui/button';
import { CARD, FOCUS_RING } from '@/shared/ui/styles';
import { TextField } from '@/shared/ui/text-field';
import { useEventForm } from './use-event-form';

/**
 * 'Add an event' by keyboard (range selection on the calendar needs a mouse or a long press): an
 * all-day event from a start date to an optional, inclusive end date.
 */
export function EventForm() {
  const { values, change, added, bind, handleSubmit, titleRef, startDateRef, endDateRef } = useEventForm();
  const headingId = useId();
  const checkboxId = useId();

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
