/** How a past moment reads on screen: `just now`, `5 minutes ago`, `Mar 4` (docs/product.md#comments). */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * A comment's time as the thread says it: `just now` under a minute (and for a clock a little
 * ahead), `{n} minute(s) ago`, `{n} hour(s) ago`, `{n} day(s) ago` under a week, then the date
 * (`Mar 4`, with the year when it is not this year's). The exact time is shown on hover and focus.
 */
export function relativeTimeText(thenMs: number, nowMs: number): string {
  const ago = nowMs - thenMs;
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return plural(Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return plural(Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return plural(Math.floor(ago / DAY), 'day');
  const then = new Date(thenMs);
  const sameYear = then.getFullYear() === new Date(nowMs).getFullYear();
  return then.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** How long until `relativeTimeText` may say something else (the thread's next re-render). */
export function relativeTimeRefreshMs(thenMs: number, nowMs: number): number {
  const ago = Math.max(0, nowMs - thenMs);
  if (ago < HOUR) return MINUTE - (ago % MINUTE);
  if (ago < DAY) return HOUR - (ago % HOUR);
  return DAY - (ago % DAY);
}
