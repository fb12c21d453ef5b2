import type { Task } from '@/features/tasks/model/task-types';

/** A valid task for sync tests: id '1', title 'T', description 'D', the rest defaults; `fields` on top. */
export function sampleTask(fields: Record<string, unknown> = {}): Task {
  return {
    id: '1',
    title: 'T',
    description: 'D',
    priority: 'Medium',
    deadline: '',
    progress: 0,
    assignedTo: 'A',
    ...fields,
  };
}
