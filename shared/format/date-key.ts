/** `value` in at least `length` digits, zeros in front. */
export function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** The calendar day of `date` in the browser's local time zone, as yyyy-mm-dd. */
export function toLocalDateKey(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
