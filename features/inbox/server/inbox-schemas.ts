// First: in the browser, zod must not probe eval before schemas are built (see zod-config.ts).
import '@/shared/validation/zod/zod-config';
import { z } from 'zod';
import { INBOX_MARK_MAX, type MarkReadRequest } from '@/features/inbox/model/protocol';

export const INBOX_READ_MESSAGE = `Send {"ids": [...]} (at most ${INBOX_MARK_MAX}) or {"all": true}.`;

/** POST /api/sync/inbox/read (docs/product.md#inbox-endpoints). */
export const markReadSchema: z.ZodType<MarkReadRequest> = z.union(
  [
    z.object({ ids: z.array(z.string().min(1).max(64)).max(INBOX_MARK_MAX) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: INBOX_READ_MESSAGE },
);
