import 'server-only';
import { z } from 'zod';
import { AppError } from '@/server/errors';
import { ATTACHMENT_MESSAGES, fileNameProblem, MAX_FILE_NAME_LENGTH } from '../model/rules';
import type { UploadInput } from './attachment-service';

const taskUid = z.string().trim().min(1, 'Say which task (task=…).').max(200, 'That is not a task id.');

/** `?task=<uid>` of the list. */
export function parseTaskQuery(params: URLSearchParams): string {
  const parsed = taskUid.safeParse(params.get('task') ?? '');
  if (!parsed.success) throw new AppError('VALIDATION_ERROR', parsed.error.issues[0]!.message);
  return parsed.data;
}

/**
 * An upload's `?task=<uid>&name=<file name>` and its `Content-Length` (when sent: a body without one
 * is counted as it arrives). The name is cleaned when stored (rules.ts cleanFileName), so any picked
 * file's name is accepted; only an absurdly long one is refused.
 */
export function parseUploadQuery(params: URLSearchParams, contentLength: string | null): UploadInput {
  const task = parseTaskQuery(params);
  const name = params.get('name') ?? '';
  if (name.trim() === '') throw new AppError('VALIDATION_ERROR', ATTACHMENT_MESSAGES.nameRequired);
  if (name.length > 4 * MAX_FILE_NAME_LENGTH)
    throw new AppError('VALIDATION_ERROR', ATTACHMENT_MESSAGES.nameTooLong);
  const declared = contentLength === null ? undefined : Number(contentLength);
  if (declared !== undefined && !(Number.isSafeInteger(declared) && declared >= 0))
    throw new AppError('VALIDATION_ERROR', 'Content-Length must be a whole number of bytes.');
  return { task, name, declaredSize: declared };
}

/** PATCH {name?, cover?}: a new name, checked (rules.ts fileNameProblem), and/or the card's cover. */
export const changeSchema = z
  .object({
    name: z
      .string('A file needs a name.')
      .superRefine((name, context) => {
        const problem = fileNameProblem(name);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    cover: z.boolean('cover must be true or false.').optional(),
  })
  .refine(
    (change) => change.name !== undefined || change.cover !== undefined,
    ATTACHMENT_MESSAGES.changeRequired,
  );
