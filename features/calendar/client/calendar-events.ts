import { arrayOf } from '@/shared/validation/parsers';
import { createLocalStore } from '@/shared/browser-storage/local-store';
import { calendarEventSchema, type CalendarEvent } from '../model/calendar-event';

const NO_EVENTS: CalendarEvent[] = [];

export const calendarEventsStore = createLocalStore<CalendarEvent[]>({
  key: 'calendarEvents',
  schema: arrayOf(calendarEventSchema),
  fallback: NO_EVENTS,
});

/** Appends an event. Throws `StorageQuotaError`/`StorageUnavailableError` when the write is refused. */
export function addCalendarEvent(event: CalendarEvent): void {
  calendarEventsStore.update((events) => [...events, event]);
}
