'use client';

import type { DateSelectArg, EventClickArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useEffect, useRef } from 'react';
import { eventFromSelection, type CalendarDisplayEvent } from '@/features/calendar/model/to-calendar-events';
import { addCalendarEvent } from '@/features/calendar/client/calendar-events';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { openTaskByKey } from '@/features/tasks/ui/task-view/open-task';
import { observeCalendarA11y } from './calendar-a11y';
import './task-calendar.css';

/** The calendar is 500 px high, toolbar included (docs/product.md#calendar). */
export const CALENDAR_HEIGHT_PX = 500;

export const EVENT_TITLE_PROMPT = 'Enter event title:';
export const DEADLINE_CONFIRM =
  'Is this a deadline? Press OK for a deadline (red) or Cancel for a regular event (blue).';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];

const HEADER_TOOLBAR = {
  left: 'prev,next today',
  center: 'title',
  right: 'dayGridMonth,timeGridWeek,workWeek,timeGridDay,listWeek',
};

const VIEWS = {
  dayGridMonth: { buttonText: 'Month' },
  timeGridWeek: { buttonText: 'Week' },
  workWeek: { type: 'timeGrid', duration: { weeks: 1 }, weekends: false, buttonText: 'Work week' },
  timeGridDay: { buttonText: 'Day' },
  listWeek: { buttonText: 'Agenda' },
};

/** A range picked with the mouse (or a long press): ask for a title, then whether it is a deadline. */
function handleSelect(info: DateSelectArg): void {
  try {
    const title = window.prompt(EVENT_TITLE_PROMPT);
    if (!title?.trim()) return;
    const isDeadline = window.confirm(DEADLINE_CONFIRM);
    const event = eventFromSelection(title, isDeadline, info);
    // A refused write (full storage) shows a toast; nothing stored is lost.
    if (event) saveSafely(() => addCalendarEvent(event));
  } finally {
    info.view.calendar.unselect();
  }
}

/** A task's deadline opens the task's view in place (its link is for a new tab or a copied address). */
function handleEventClick(info: EventClickArg): void {
  const key: unknown = info.event.extendedProps.taskKey;
  if (typeof key !== 'string') return;
  const { jsEvent } = info;
  if (jsEvent.metaKey || jsEvent.ctrlKey || jsEvent.shiftKey || jsEvent.altKey) return;
  jsEvent.preventDefault();
  openTaskByKey(key);
}

/**
 * FullCalendar itself (loaded only by the calendar page, through next/dynamic): task deadlines and the
 * added events, five views, range selection to add an event.
 */
export function TaskCalendar({ events }: { events: CalendarDisplayEvent[] }) {
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    return root ? observeCalendarA11y(root) : undefined;
  }, []);

  return (
    <div ref={rootRef}>
      <FullCalendar
        plugins={PLUGINS}
        initialView="dayGridMonth"
        headerToolbar={HEADER_TOOLBAR}
        views={VIEWS}
        height={CALENDAR_HEIGHT_PX}
        events={events}
        eventDisplay="block"
        scrollTime="08:00:00"
        selectable
        selectMirror
        select={handleSelect}
        eventClick={handleEventClick}
      />
    </div>
  );
}
