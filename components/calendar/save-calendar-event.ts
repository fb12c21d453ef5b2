import { calendarEventsStore, type CalendarEvent } from '@/lib/storage/calendar-events';
import { saveSafely } from '@/lib/storage/save-safely';

/**
 * Appends an event to `calendarEvents`. When the browser refuses the write (full quota), a toast says
 * so, nothing stored is lost and `false` comes back.
 */
export function saveCalendarEvent(event: CalendarEvent): boolean {
  return saveSafely(() => calendarEventsStore.update((prev) => [...prev, event]));
}
