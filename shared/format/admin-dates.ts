/**
 * Admin dates display in the Asia/Kolkata time zone in en-IN format, whatever the browser's zone
 * (docs/product.md#constants).
 */
export const ADMIN_TIME_ZONE = 'Asia/Kolkata';
export const ADMIN_LOCALE = 'en-IN';

// Made on first use, not when the module loads: the navbar's profile menu imports this module on
// every page, and setting up ICU's date formatting costs a phone's main thread while a page starts.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date as en-IN shows it in Asia/Kolkata (e.g. 22/11/2026); '—' when unreadable. */
export function formatAdminDate(value: string | number | Date): string {
  const date = toDate(value);
  return date
    ? (dateFormat ??= new Intl.DateTimeFormat(ADMIN_LOCALE, { timeZone: ADMIN_TIME_ZONE })).format(date)
    : '—';
}

/** A date and time as en-IN shows it in Asia/Kolkata (e.g. 22/11/26, 6:37:30 pm); '—' when unreadable. */
export function formatAdminDateTime(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '—';
  dateTimeFormat ??= new Intl.DateTimeFormat(ADMIN_LOCALE, {
    timeZone: ADMIN_TIME_ZONE,
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  return dateTimeFormat.format(date);
}
