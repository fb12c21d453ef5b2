import { onFirstUse } from '@/shared/format/on-first-use';

/**
 * Admin dates display in the Asia/Kolkata time zone in en-IN format, whatever the browser's zone
 * (docs/product.md#constants).
 */
export const ADMIN_TIME_ZONE = 'Asia/Kolkata';
export const ADMIN_LOCALE = 'en-IN';

// On first use: the navbar's profile menu imports this module on every page.
const dateFormat = onFirstUse(() => new Intl.DateTimeFormat(ADMIN_LOCALE, { timeZone: ADMIN_TIME_ZONE }));
const dateTimeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat(ADMIN_LOCALE, {
      timeZone: ADMIN_TIME_ZONE,
      dateStyle: 'short',
      timeStyle: 'medium',
    }),
);

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date as en-IN shows it in Asia/Kolkata (e.g. 22/11/2026); '—' when unreadable. */
export function formatAdminDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateFormat().format(date) : '—';
}

/** A date and time as en-IN shows it in Asia/Kolkata (e.g. 22/11/26, 6:37:30 pm); '—' when unreadable. */
export function formatAdminDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormat().format(date) : '—';
}
