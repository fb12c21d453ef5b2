// First: in the browser, zod must not probe eval before schemas are built (see zod-config.ts).
import '@/shared/validation/zod/zod-config';
import { z } from 'zod';

/** PUT /api/admin/first-run (docs/product.md#endpoint-first-run). */
export const firstRunDismissSchema = z.object({
  dismissed: z.boolean({ error: 'Dismissed must be true or false.' }),
});
export type FirstRunDismissInput = z.infer<typeof firstRunDismissSchema>;
