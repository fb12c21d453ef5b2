// First: in the browser, zod must not probe eval before schemas are built (see zod-config.ts).
import '@/shared/validation/zod/zod-config';
import { z } from 'zod';
import {
  LABEL_COLORS,
  LABEL_MESSAGES,
  LABEL_NAME_FIELD,
  LABEL_NAME_MAX_LENGTH,
} from '@/features/tasks/model/labels';
import { singleLineText } from '@/shared/validation/zod/text';

/**
 * The team's labels (docs/product.md#endpoint-labels). The name's shape is checked here; whether it
 * is taken, and the count, by the service (features/tasks/model/labels.ts checkLabelName, under a lock).
 */
const labelName = singleLineText(LABEL_NAME_FIELD, LABEL_NAME_MAX_LENGTH);
const labelColor = z.enum(LABEL_COLORS, { error: LABEL_MESSAGES.color });

/** POST /api/labels. */
export const createLabelSchema = z.object({ name: labelName, color: labelColor });
export type CreateLabelInput = z.infer<typeof createLabelSchema>;

/** PATCH /api/labels/{id}: a new name, a new colour, or both. */
export const updateLabelSchema = z
  .object({ name: labelName.optional(), color: labelColor.optional() })
  .refine((patch) => patch.name !== undefined || patch.color !== undefined, {
    error: 'Send a new name, a new colour, or both.',
  });
export type UpdateLabelInput = z.infer<typeof updateLabelSchema>;
