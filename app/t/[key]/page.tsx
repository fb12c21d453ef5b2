import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseTaskKey, formatTaskKey } from '@/features/projects/model/project-key';
import { TaskLink } from '@/features/projects/ui/task-link';

export const metadata: Metadata = { title: 'Task', robots: { index: false } };

/** `/t/{KEY}-{N}`: a task's link (docs/product.md#task-keys). Text that is no key is not found at once. */
export default async function TaskLinkPage({ params }: { params: Promise<{ key: string }> }) {
  const parsed = parseTaskKey((await params).key);
  if (!parsed) notFound();
  return <TaskLink taskKey={formatTaskKey(parsed.projectKey, parsed.number)} />;
}
