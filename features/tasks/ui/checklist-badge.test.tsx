import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { Task } from '@/features/tasks/model/task-types';
import { ChecklistBadge, checklistBadgeLabel } from './checklist-badge';

const TASK: Task = {
  id: 't1',
  title: 'Plan',
  description: 'Steps',
  priority: 'Medium',
  deadline: '',
  progress: 0,
  assignedTo: 'Asha',
};

describe('ChecklistBadge', () => {
  it('shows nothing for a task without a checklist', () => {
    expect(renderToStaticMarkup(<ChecklistBadge task={TASK} />)).toBe('');
  });

  it('shows {done}/{total}, read out as "Checklist: n of m done"', () => {
    const task: Task = {
      ...TASK,
      ck_a: { text: 'A', done: true, pos: 1 },
      ck_b: { text: 'B', done: true, pos: 2 },
      ck_c: { text: 'C', done: false, pos: 3 },
      // Not an item this version can show: not counted.
      ck_d: { text: 'D' },
    };
    const html = renderToStaticMarkup(<ChecklistBadge task={task} />);
    expect(html).toContain('<span aria-hidden="true">2/3</span>');
    expect(html).toContain('<span class="sr-only">Checklist: 2 of 3 done</span>');
    expect(checklistBadgeLabel(0, 1)).toBe('Checklist: 0 of 1 done');
  });
});
