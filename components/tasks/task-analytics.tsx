'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import type { BoardColumn } from '@/lib/tasks/task';

export type ColumnCount = { column: BoardColumn; count: number };

const CHART_HEIGHT_PX = 260;

const Placeholder = () => (
  <div
    style={{ height: CHART_HEIGHT_PX }}
    className="animate-pulse rounded-xl bg-slate-100"
    aria-hidden="true"
  />
);

// recharts is large: it is fetched only when the chart scrolls near the viewport.
const AnalyticsChart = dynamic(() => import('./analytics-chart').then((module) => module.AnalyticsChart), {
  ssr: false,
  loading: Placeholder,
});

export function summarizeCounts(counts: readonly ColumnCount[]): string {
  return counts
    .map(({ column, count }) => `${column}: ${count} ${count === 1 ? 'task' : 'tasks'}`)
    .join(', ');
}

/**
 * 'Task Analytics': a bar chart of the count per column, with the same data as text
 * (docs/product.md#task-analytics).
 */
export function TaskAnalytics({ counts }: { counts: readonly ColumnCount[] }) {
  const figureRef = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const node = figureRef.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <section
      aria-labelledby="task-analytics-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="task-analytics-heading" className="pb-1 text-lg font-semibold text-slate-900">
        Task Analytics
      </h2>
      <figure ref={figureRef}>
        <figcaption className="pb-3 text-sm text-slate-600">{summarizeCounts(counts)}</figcaption>
        <div aria-hidden="true">
          {near ? <AnalyticsChart counts={counts} height={CHART_HEIGHT_PX} /> : <Placeholder />}
        </div>
      </figure>
    </section>
  );
}
