import type { CommentCounts, CommentsPage, TaskComment } from '@/features/comments/model/protocol';
import { deleteJson, getJson, putJson, requestJson } from '@/shared/http/http';

/**
 * The comments endpoints (docs/product.md#comments-endpoints), TEAM_SYNC=on only. The answers are
 * the server's own (features/comments/model/protocol.ts); a comment that does not read is left out, like every
 * browser read (ADR 0010).
 */

export const COMMENTS_URL = '/api/sync/comments';

/** Background reads: a 401 here does not end the session (the screen's own requests decide that). */
const BACKGROUND = { endSessionOn401: false } as const;

/** Whether `value` reads as a comment (the server's, or one this browser kept: features/comments/client/thread-cache.ts). */
export function isTaskComment(value: unknown): value is TaskComment {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    typeof item.task === 'string' &&
    (item.authorId === null || typeof item.authorId === 'string') &&
    typeof item.authorName === 'string' &&
    typeof item.body === 'string' &&
    Array.isArray(item.mentions) &&
    typeof item.createdAt === 'string' &&
    (item.editedAt === null || typeof item.editedAt === 'string') &&
    (item.deletedAt === null || typeof item.deletedAt === 'string')
  );
}

function readPage(body: unknown): CommentsPage {
  const page = (typeof body === 'object' && body !== null ? body : {}) as Partial<Record<string, unknown>>;
  const list = Array.isArray(page.comments) ? (page.comments as unknown[]) : [];
  return {
    comments: list.filter(isTaskComment),
    next: typeof page.next === 'string' ? page.next : null,
    since: typeof page.since === 'string' ? page.since : '',
    more: page.more === true,
    ...(Array.isArray(page.readers)
      ? { readers: (page.readers as unknown[]).filter((id): id is string => typeof id === 'string') }
      : {}),
  };
}

function readComment(body: unknown): TaskComment {
  const comment = (body as { comment?: unknown } | undefined)?.comment;
  if (!isTaskComment(comment)) throw new Error('The server answered without the comment.');
  return comment;
}

const commentPath = (id: string) => `${COMMENTS_URL}/${encodeURIComponent(id)}`;

/**
 * The whole thread of `task`, oldest first (every page), the `since` to check it with next, and who
 * may see the task (null from a server that does not say).
 */
export async function fetchThread(
  task: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ comments: TaskComment[]; since: string; readers: string[] | null }> {
  const comments: TaskComment[] = [];
  let after: string | null = null;
  let since = '';
  let readers: string[] | null = null;
  do {
    const query = new URLSearchParams({ task });
    if (after !== null) query.set('after', after);
    const page = readPage(await getJson<unknown>(`${COMMENTS_URL}?${query}`, { ...BACKGROUND, ...options }));
    comments.push(...page.comments);
    // The first page's `since` reaches back before every later page: nothing is missed.
    if (since === '') since = page.since;
    if (readers === null && page.readers !== undefined) readers = page.readers;
    after = page.next;
  } while (after !== null);
  return { comments, since, readers };
}

/** What changed in the thread of `task` since `since` (every page of changes), and the next `since`. */
export async function fetchThreadChanges(
  task: string,
  since: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ comments: TaskComment[]; since: string }> {
  const comments: TaskComment[] = [];
  let cursor = since;
  for (;;) {
    const query = new URLSearchParams({ task, since: cursor });
    const page = readPage(await getJson<unknown>(`${COMMENTS_URL}?${query}`, { ...BACKGROUND, ...options }));
    comments.push(...page.comments);
    cursor = page.since || cursor;
    if (!page.more) return { comments, since: cursor };
  }
}

/** PUT /api/sync/comments/{id}: posts a comment under the id the browser chose (a retry is safe). */
export async function postComment(
  id: string,
  input: { task: string; body: string; mentions?: string[] },
): Promise<TaskComment> {
  return readComment(await putJson<unknown>(commentPath(id), input));
}

export async function editComment(
  id: string,
  input: { body: string; mentions?: string[] },
): Promise<TaskComment> {
  return readComment(await requestJson<unknown>(commentPath(id), { method: 'PATCH', body: input }));
}

export async function deleteComment(id: string): Promise<TaskComment> {
  return readComment(await deleteJson<unknown>(commentPath(id)));
}

/** GET /api/sync/comments/counts: comments (not deleted) per task the caller sees. */
export async function fetchCommentCounts(options: { signal?: AbortSignal } = {}): Promise<CommentCounts> {
  const body = await getJson<unknown>(`${COMMENTS_URL}/counts`, { ...BACKGROUND, ...options });
  const raw = (body as { counts?: unknown } | undefined)?.counts;
  const counts: Record<string, number> = {};
  if (typeof raw === 'object' && raw !== null) {
    for (const [uid, n] of Object.entries(raw)) {
      if (typeof n === 'number' && Number.isInteger(n) && n > 0) counts[uid] = n;
    }
  }
  return { counts };
}
