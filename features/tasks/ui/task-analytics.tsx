'use client';

import dynamic from 'next/dynamic';
import { useRef } from 'react';
import { useNearScreen } from '@/shared/hooks/use-near-screen';
import type { ColumnCount } from '@/features/tasks/model/board';

const CHART_HEIGHT_PX = 260;

const Placeholder = () => (
  <div
    style={{ height: CHART_HEIGHT_PX }}
    className="animate-pulse rounded-xl bg-slate-100"
    aria-hidden="true"
  />
);

// recharts is large: it is fetched only when the chart scrolls near the viewport. When that fetch
// fails (offline: a keyboard drag can scroll the chart into view), the page keeps going with the
// figures as text below and the chart's place empty until the next load, rather than failing whole.
const AnalyticsChart = dynamic(
  () =>
    import('./analytics-chart').then(
      (module) => module.AnalyticsChart,
      () => Placeholder,
    ),
  { ssr: false, loading: Placeholder },
);

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
  const near = useNearScreen(figureRef, '200px');

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
