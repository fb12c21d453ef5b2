import type { Metadata } from 'next';
import { CreateTaskForm } from '@/features/tasks/ui/create-task-form';
import { TaskGrid } from '@/features/tasks/ui/task-grid';

export const metadata: Metadata = { title: 'Create Tasks' };

/**
 * Create Tasks ('User Task Management'): the new-task form and the task grid (docs/product.md#create-tasks).
 */
export default function CreateTasksPage() {
  return (
    <main className="flex-1 px-4 py-6 sm:px-6">
      <h1 className="pb-4 text-2xl font-bold text-brand-900">User Task Management</h1>
      <section className="mb-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <CreateTaskForm />
      </section>
      <section aria-labelledby="your-tasks-heading">
        <h2 id="your-tasks-heading" className="pb-3 text-lg font-semibold text-slate-900">
          Your Tasks
        </h2>
        <TaskGrid />
      </section>
    </main>
  );
}
