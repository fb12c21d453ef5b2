'use client';

import dynamic from 'next/dynamic';
import { useMemo } from 'react';
import { EVENT_COLORS, toCalendarEvents } from '@/lib/calendar/to-calendar-events';
import { useLocalStore } from '@/lib/hooks/use-local-store';
import { calendarEventsStore, type CalendarEventType } from '@/lib/storage/calendar-events';
import { tasksStore } from '@/lib/storage/tasks';
import { CARD } from '@/components/ui/styles';
import { EventForm } from './event-form';

/** Same height as the calendar (task-calendar.tsx), so nothing jumps when it arrives. */
function CalendarPlaceholder() {
  return (
    <div role="status" className="flex h-[500px] items-center justify-center text-sm text-slate-600">
      Loading calendar…
    </div>
  );
}

// FullCalendar is big and browser-only: it loads with this page alone, after the page itself.
const TaskCalendar = dynamic(() => import('./task-calendar').then((module) => module.TaskCalendar), {
  ssr: false,
  loading: CalendarPlaceholder,
});

const LEGEND: readonly { type: CalendarEventType; label: string }[] = [
  { type: 'deadline', label: 'Deadline' },
  { type: 'event', label: 'Event' },
];

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 pb-3 text-sm text-slate-700" aria-label="Legend">
      {LEGEND.map(({ type, label }) => (
        <li key={type} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3 rounded-sm"
            style={{ background: EVENT_COLORS[type].background }}
          />
          {label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The member calendar (docs/product.md#calendar): saved tasks' deadlines (red) and locally added events
 * (deadlines red, others blue) on one calendar. Both lists come from browser storage, so a change in another
 * tab shows up at once.
 */
export function CalendarView() {
  const tasks = useLocalStore(tasksStore);
  const stored = useLocalStore(calendarEventsStore);
  const events = useMemo(() => toCalendarEvents(tasks, stored), [tasks, stored]);
  return (
    <div className="space-y-6">
      <section aria-label="Calendar" className={`${CARD} tl-calendar min-w-0 p-2 sm:p-4`}>
        <p className="pb-1 text-sm text-slate-600">
          Select a range of days or times to add an event, or use the form below.
        </p>
        <Legend />
        <TaskCalendar events={events} />
      </section>
      <EventForm />
    </div>
  );
}
