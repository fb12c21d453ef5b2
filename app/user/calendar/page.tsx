import type { Metadata } from 'next';
import { CalendarView } from '@/features/calendar/ui/calendar-view';

export const metadata: Metadata = { title: 'Calendar' };

/** The member calendar: task deadlines and events added in this browser (docs/product.md#calendar). */
export default function UserCalendarPage() {
  return (
    <main className="min-w-0 flex-1 px-4 py-6 sm:px-6">
      <h1 className="pb-4 text-2xl font-bold text-brand-900">📅 Task &amp; Deadline Calendar</h1>
      <CalendarView />
    </main>
  );
}
