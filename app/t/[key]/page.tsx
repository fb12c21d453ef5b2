import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { parseTaskKey, formatTaskKey } from '@/features/projects/model/project-key';
import { answerTaskLink } from '@/features/sync/server/task-link';
import { TaskLink } from '@/features/projects/ui/task-link';
import { TASK_LINK_COOKIE } from '@/shared/auth/link-cookies';

export const metadata: Metadata = { title: 'Task', robots: { index: false } };

/**
 * `/t/{KEY}-{N}`: a task's link (docs/product.md#task-keys). Text that is no key is not found at once.
 * With the task links' cookie the server answers: a redirect to the task, or the not-found page with
 * status 404 (docs/decisions/0050-task-link-cookie.md); without, the browser does, with its session.
 */
export default async function TaskLinkPage({ params }: { params: Promise<{ key: string }> }) {
  const parsed = parseTaskKey((await params).key);
  if (!parsed) notFound();
  const key = formatTaskKey(parsed.projectKey, parsed.number);
  const answer = await answerTaskLink((await cookies()).get(TASK_LINK_COOKIE)?.value, key);
  if (answer?.kind === 'missing') notFound();
  if (answer?.kind === 'open') redirect(answer.href);
  return <TaskLink taskKey={key} />;
}
