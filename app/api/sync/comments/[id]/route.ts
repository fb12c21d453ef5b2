import type { AuthenticatedUser } from '@/server/authenticated-user';
import { createComment, deleteComment, editComment } from '@/features/comments/server/comment-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { consumeRateLimit } from '@/server/rate-limit';
import { syncCaller } from '@/features/sync/server/caller';
import { createCommentSchema, editCommentSchema } from '@/features/comments/server/comment-schemas';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

/** Team sync on, a signed-in caller, one count on the sync limit and one on the comment-write limit. */
async function commentWriter(request: Request): Promise<AuthenticatedUser> {
  const actor = await syncCaller(request);
  await consumeRateLimit('comments', actor.id, {
    message: (wait) => `Too many comments. Please try again in ${wait}.`,
  });
  return actor;
}

/**
 * PUT /api/sync/comments/{id} {task, body, mentions?}: a new comment under the id the browser chose
 * (a UUID). 201 `{ comment }`; the same post again answers 200 with the stored comment.
 */
export const PUT = withErrorHandling<Context>(async (request, context) => {
  const actor = await commentWriter(request);
  const input = await readJson(request, createCommentSchema);
  const { comment, created } = await createComment(actor, (await context.params).id, input);
  return json({ comment }, { status: created ? 201 : 200 });
});

/** PATCH /api/sync/comments/{id} {body, mentions?}: the author's new text. 200 `{ comment }`. */
export const PATCH = withErrorHandling<Context>(async (request, context) => {
  const actor = await commentWriter(request);
  const input = await readJson(request, editCommentSchema);
  return json({ comment: await editComment(actor, (await context.params).id, input) });
});

/** DELETE /api/sync/comments/{id}: by its author or an admin. 200 `{ comment }` (its text gone). */
export const DELETE = withErrorHandling<Context>(async (request, context) => {
  const actor = await commentWriter(request);
  return json({ comment: await deleteComment(actor, (await context.params).id) });
});

export const { GET, POST } = methodNotAllowed('PUT', 'PATCH', 'DELETE');
