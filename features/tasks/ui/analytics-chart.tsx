'use client';

import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { ColumnCount } from '@/features/tasks/model/board';
import type { BoardColumn } from '@/features/tasks/model/task-types';

const BAR_COLORS: Record<BoardColumn, string> = {
  'To Do': 'var(--color-slate-500)',
  'In Progress': 'var(--color-yellow-600)',
  Completed: 'var(--color-green-600)',
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
          {counts.map(({ column }) => (
            <Cell key={column} fill={BAR_COLORS[column]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
