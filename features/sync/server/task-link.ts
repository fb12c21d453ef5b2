import 'server-only';
import { authenticateToken } from '@/features/accounts/server/auth-service';
import { resolveTaskKey } from './task-keys';
import { withTaskParam } from '@/features/tasks/model/task-link';
import type { AuthenticatedUser } from '@/server/authenticated-user';
import { isTeamSyncOn } from '@/server/env';
import { AppError } from '@/server/errors';
import { consumeRateLimit } from '@/server/rate-limit';

/** What the server answers for a task's link: open the task, the not-found page, or the browser decides. */
export type TaskLinkAnswer = { kind: 'open'; href: string } | { kind: 'missing' } | null;

/**
 * `/t/{KEY}-{N}` answered by the server (docs/decisions/0050-task-link-cookie.md), when the request
 * carries the task links' cookie with a valid session: the board address of the task for someone who
 * may see it (by any key it had), `missing` for anyone else and for a key nobody has. Null when the
 * server cannot tell who asks (no cookie, a session no longer valid, team sync off, the rate limit
 * reached, a failure): the page then lets the browser decide, with the session it holds.
 */
export async function answerTaskLink(token: string | undefined, key: string): Promise<TaskLinkAnswer> {
  if (!token || !isTeamSyncOn()) return null;
  let actor: AuthenticatedUser;
  try {
    actor = await authenticateToken(token);
    await consumeRateLimit('sync', actor.id);
  } catch {
    return null;
  }
  try {
    const resolved = await resolveTaskKey(actor, key);
    const board = `project=${encodeURIComponent(resolved.projectKey)}`;
    return { kind: 'open', href: `/user/dashboard${withTaskParam(board, resolved.uid)}` };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return { kind: 'missing' };
    return null;
  }
}
