'use client';

import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { ColumnCount } from '@/features/tasks/model/board';

/** A bar's colour by its column's kind: the spec's three are to do, doing and done. */
const KIND_COLORS = {
  todo: 'var(--color-slate-500)',
  doing: 'var(--color-yellow-600)',
  done: 'var(--color-green-600)',
} as const;
const SPEC_KINDS: Record<string, keyof typeof KIND_COLORS> = {
  'To Do': 'todo',
  'In Progress': 'doing',
  Completed: 'done',
};

/** Axis labels in the page's secondary text colour, so they follow the theme (app/palette.css). */
const TICK = { fontSize: 12, fill: 'var(--color-slate-600)' };

/** The bars themselves (recharts); the text summary beside it carries the same numbers for everyone. */
export function AnalyticsChart({ counts, height }: { counts: readonly ColumnCount[]; height: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={counts.slice()}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-slate-200)" />
        <XAxis dataKey="column" tick={TICK} stroke="var(--color-slate-400)" />
        <YAxis allowDecimals={false} tick={TICK} stroke="var(--color-slate-400)" />
        <Bar dataKey="count" name="Tasks" radius={[6, 6, 0, 0]} isAnimationActive={false}>
          {counts.map(({ column, kind }, index) => (
            <Cell key={`${index}-${column}`} fill={KIND_COLORS[kind ?? SPEC_KINDS[column] ?? 'doing']} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
