// First: in the browser, zod must not probe eval before schemas are built (see zod-config.ts).
import '@/shared/validation/zod/zod-config';
import { z } from 'zod';
import { emailSchema } from '@/features/accounts/server/auth-schemas';

/** POST /api/admin/test-mail (docs/product.md#endpoint-test-mail): `to` left out, '' or null: the admin's own email. */
export const testMailSchema = z.object({
  to: z
    .preprocess((value) => (value === '' || value === null ? undefined : value), emailSchema.optional())
    .transform((email) => email ?? null),
});
export type TestMailInput = z.infer<typeof testMailSchema>;
