import { z } from 'zod';
import { createLocalStore } from './local-store';

export const CALENDAR_EVENT_TYPES = ['deadline', 'event'] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];

/** Spec §3 Calendar event (local only): title, start, end, type. Unknown fields are kept. */
export const calendarEventSchema = z.looseObject({
  title: z.string(),
  start: z.string(),
  end: z.string().optional(),
  type: z.enum(CALENDAR_EVENT_TYPES).catch('event'),
});
export type CalendarEvent = z.output<typeof calendarEventSchema>;

const NO_EVENTS: CalendarEvent[] = [];

export const calendarEventsStore = createLocalStore<CalendarEvent[]>({
  key: 'calendarEvents',
  schema: z.array(calendarEventSchema),
  fallback: NO_EVENTS,
});
