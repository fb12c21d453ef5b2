'use client';

import dynamic from 'next/dynamic';
import { useMemo } from 'react';
import {
  EVENT_COLORS,
  NEXT_OCCURRENCE_COLORS,
  toCalendarEvents,
} from '@/features/calendar/model/to-calendar-events';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { useToday } from '@/shared/hooks/use-today';
import { calendarEventsStore } from '@/features/calendar/client/calendar-events';
import { readTasksAhead, tasksStore } from '@/features/tasks/client/tasks';
import { useTaskSlots } from '@/features/tasks/ui/task-slots';
import { useProjectChoice } from '@/features/tasks/ui/project-choice';
import { CARD } from '@/shared/ui/styles';
import { EventForm } from './event-form';

readTasksAhead();

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

const LEGEND: readonly { key: string; label: string; swatch: { background: string; border?: string } }[] = [
  { key: 'deadline', label: 'Deadline', swatch: EVENT_COLORS.deadline },
  { key: 'event', label: 'Event', swatch: EVENT_COLORS.event },
  {
    key: 'next',
    label: 'Next occurrence',
    swatch: { background: NEXT_OCCURRENCE_COLORS.background, border: NEXT_OCCURRENCE_COLORS.border },
  },
];

/** The legend; `Next occurrence` only while the calendar shows one. */
function Legend({ withNext }: { withNext: boolean }) {
  const entries = withNext ? LEGEND : LEGEND.filter((entry) => entry.key !== 'next');
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 pb-3 text-sm text-slate-700" aria-label="Legend">
      {entries.map(({ key, label, swatch }) => (
        <li key={key} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3 rounded-sm"
            style={{
              background: swatch.background,
              border: swatch.border ? `1px dashed ${swatch.border}` : undefined,
            }}
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
  const all = useLocalStore(tasksStore);
  // With projects, an archived project's tasks leave the calendar (docs/product.md#projects).
  const shown = useTaskSlots().useShownInOverviews();
  // With projects, one project's deadlines or every project's.
  const project = useProjectChoice();
  const inProject = project.keep;
  const tasks = useMemo(() => all.filter((task) => shown(task) && inProject(task)), [all, shown, inProject]);
  const stored = useLocalStore(calendarEventsStore);
  const today = useToday();
  const events = useMemo(() => toCalendarEvents(tasks, stored, today), [tasks, stored, today]);
  return (
    <div className="space-y-6">
      <section aria-label="Calendar" className={`${CARD} tl-calendar min-w-0 p-2 sm:p-4`}>
        <p className="pb-1 text-sm text-slate-600">
          Select a range of days or times to add an event, or use the form below.
        </p>
        {project.select ? <div className="pb-3">{project.select}</div> : null}
        <Legend withNext={events.some((event) => event.extendedProps.source === 'next')} />
        <TaskCalendar events={events} />
      </section>
      <EventForm />
    </div>
  );
}
