import { INVALID, isRecord, parser, readOptionalString, readString } from '@/shared/validation/parsers';

export const CALENDAR_EVENT_TYPES = ['deadline', 'event'] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];

/**
 * A calendar event, in this browser only: title, start, end, type. Unknown fields are kept
 * (docs/product.md#storage-keys).
 */
export type CalendarEvent = {
  [field: string]: unknown;
  title: string;
  start: string;
  end?: string;
  type: CalendarEventType;
};

/** An unknown or missing type reads as 'event': blue, like every event that is not a deadline. */
export const calendarEventSchema = parser<CalendarEvent>((value) => {
  if (!isRecord(value)) return INVALID;
  const title = readString(value.title);
  const start = readString(value.start);
  const end = readOptionalString(value.end);
  if (title === INVALID || start === INVALID || end === INVALID) return INVALID;
  const type = value.type === 'deadline' ? 'deadline' : 'event';
  // `end` is a string or absent: kept as stored.
  return { ...value, title, start, type };
});
