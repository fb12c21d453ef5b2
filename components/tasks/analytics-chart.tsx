'use client';

import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { BoardColumn } from '@/lib/tasks/task';
import type { ColumnCount } from './task-analytics';

const BAR_COLORS: Record<BoardColumn, string> = {
  'To Do': '#64748b',
  'In Progress': '#ca8a04',
  Completed: '#16a34a',
};

/** The bars themselves (recharts); the text summary beside it carries the same numbers for everyone. */
export function AnalyticsChart({ counts, height }: { counts: readonly ColumnCount[]; height: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={counts.slice()}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="column" tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
        <Bar dataKey="count" name="Tasks" radius={[6, 6, 0, 0]} isAnimationActive={false}>
          {counts.map(({ column }) => (
            <Cell key={column} fill={BAR_COLORS[column]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
