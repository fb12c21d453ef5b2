'use client';

import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { eventFromForm, type EventFormError } from '@/features/calendar/model/to-calendar-events';
import { addCalendarEvent } from '@/features/calendar/client/calendar-events';
import { saveSafely } from '@/shared/browser-storage/save-safely';

const EMPTY = { title: '', startDate: '', endDate: '', isDeadline: false };

/**
 * The state of 'Add an event': its values, the one error shown (on the field it names, which gets the
 * focus), and what was last added. A saved event empties the form and puts focus back on Title.
 */
export function useEventForm() {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<{ field: EventFormError; message: string } | null>(null);
  const [added, setAdded] = useState('');
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

  return { values, change, added, bind, handleSubmit, titleRef, startDateRef, endDateRef };
}
