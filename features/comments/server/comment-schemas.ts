// First: in the browser, zod must not probe eval before schemas are built (see zod-config.ts).
import '@/shared/validation/zod/zod-config';
import { z } from 'zod';
import {
  checkCommentBody,
  COMMENT_MENTIONS_MAX,
  COMMENT_MESSAGES,
  isTaskUid,
  uniqueMentions,
} from '@/features/comments/model/rules';

/**
 * Comment bodies (docs/product.md#comments-endpoints). The text's rules are features/comments/model/rules.ts
 * (checkCommentBody); whether the mentioned people exist and may see the task, the service's.
 */
const commentBody = z
  .string({
    error: (issue) => (issue.input === undefined ? COMMENT_MESSAGES.empty : COMMENT_MESSAGES.bodyType),
  })
  .transform((text, context) => {
    const checked = checkCommentBody(text);
    if (checked.ok) return checked.body;
    context.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });

const mentions = z
  .array(
    z.string({ error: COMMENT_MESSAGES.mentionsType }).min(1).max(100, COMMENT_MESSAGES.unknownMention),
    {
      error: COMMENT_MESSAGES.mentionsType,
    },
  )
  .transform(uniqueMentions)
  .refine((ids) => ids.length <= COMMENT_MENTIONS_MAX, COMMENT_MESSAGES.tooManyMentions);

/** PUT /api/sync/comments/{id}: a new comment on `task`. */
export const createCommentSchema = z.object({
  task: z.string({ error: COMMENT_MESSAGES.task }).refine(isTaskUid, COMMENT_MESSAGES.task),
  body: commentBody,
  mentions: mentions.default([]),
});
export type CreateCommentInput = z.infer<typeof createCommentSchema>;

/** PATCH /api/sync/comments/{id}: the new text; `mentions` replaces the list (left out: kept). */
export const editCommentSchema = z.object({ body: commentBody, mentions: mentions.optional() });
export type EditCommentInput = z.infer<typeof editCommentSchema>;
