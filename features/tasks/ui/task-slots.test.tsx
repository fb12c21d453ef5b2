import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Task } from '@/features/tasks/model/task-types';
import { EMPTY_TASK_SLOTS, TaskSlotsProvider, useTaskSlots } from './task-slots';

const task: Task = {
  id: '1',
  uid: 'u1',
  title: 'Pay rent',
  description: '',
  priority: 'Medium',
  deadline: '2026-12-01',
  progress: 0,
  assignedTo: 'Mira Member',
};

function Card() {
  const { CommentCount, ConflictMarker, Comments, History, OlderCompleted } = useTaskSlots();
  return (
    <article>
      <CommentCount task={task} />
      <ConflictMarker task={task} />
      <Comments task={task} />
      <History task={task} />
      <OlderCompleted />
    </article>
  );
}

describe('the tasks screens’ slots', () => {
  it('render nothing without a provider, as in the default mode', () => {
    expect(renderToStaticMarkup(<Card />)).toBe('<article></article>');
    expect(
      renderToStaticMarkup(<TaskSlotsProvider slots={EMPTY_TASK_SLOTS}>{<Card />}</TaskSlotsProvider>),
    ).toBe('<article></article>');
  });

  it('render what the provider gives, with the task they are given', () => {
    const slots = {
      ...EMPTY_TASK_SLOTS,
      CommentCount: ({ task: shown }: { task: Task }) => <span>{`3 comments on ${shown.title}`}</span>,
      History: ({ task: shown }: { task: Task }) => <section>{`history of ${shown.uid}`}</section>,
    };
    expect(renderToStaticMarkup(<TaskSlotsProvider slots={slots}>{<Card />}</TaskSlotsProvider>)).toBe(
      '<article><span>3 comments on Pay rent</span><section>history of u1</section></article>',
    );
  });
});
