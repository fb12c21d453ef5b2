'use client';

import { useEffect, useId, useState } from 'react';
import { relativeTimeRefreshMs, relativeTimeText } from '@/shared/format/relative-time';
import { onFirstUse } from '@/shared/format/on-first-use';

const exactTime = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }),
);

/**
 * `5 minutes ago`; the exact time in a tooltip on hover and on keyboard focus (`focusable` false:
 * inside a button, the time takes no focus of its own and the tooltip shows on hover). `tipSide`
 * places the tooltip from the time's start (the default) or, for a time at the end of its line, from
 * its end, so it never reaches past the view's edge.
 */
export function RelativeTime({
  iso,
  now,
  focusable = true,
  tipSide = 'left-0',
}: {
  iso: string;
  now: number;
  focusable?: boolean;
  tipSide?: string;
}) {
  const tipId = useId();
  const ms = Date.parse(iso);
  const exact = Number.isNaN(ms) ? iso : exactTime().format(new Date(ms));
  return (
    <span className="group relative">
      <time
        dateTime={iso}
        tabIndex={focusable ? 0 : undefined}
        aria-describedby={tipId}
        title={focusable ? undefined : exact}
        className="rounded text-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {Number.isNaN(ms) ? iso : relativeTimeText(ms, now)}
      </time>
      <span
        id={tipId}
        role="tooltip"
        className={`invisible absolute top-full ${tipSide} z-20 mt-1 w-max max-w-[16rem] rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow group-focus-within:visible group-hover:visible`}
      >
        {exact}
      </span>
    </span>
  );
}

/** The time the relative times of `isoTimes` are said from, moved on when the newest of them would change. */
export function useNow(isoTimes: readonly string[]): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let wait = 60 * 60_000;
    for (const iso of isoTimes) wait = Math.min(wait, relativeTimeRefreshMs(Date.parse(iso), now));
    const timer = setTimeout(() => setNow(Date.now()), Math.max(1_000, wait));
    return () => clearTimeout(timer);
  }, [isoTimes, now]);
  return now;
}
