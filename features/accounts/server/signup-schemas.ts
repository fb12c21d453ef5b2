// First: in the browser, zod must not probe eval before schemas are built (see zod-config.ts).
import '@/shared/validation/zod/zod-config';
import { z } from 'zod';
import { SIGNUP_DOMAINS_MAX_COUNT, SIGNUP_MODES, isDomainName } from '@/shared/auth/signup-policy';
import { emailSchema, roleSchema } from './auth-schemas';

/** PUT /api/admin/signup-settings (docs/product.md#endpoint-signup-settings). */
export const signupSettingsSchema = z.object({
  mode: z.enum(SIGNUP_MODES, { error: 'Mode must be "open", "invitation" or "closed".' }),
  domains: z
    .array(
      z
        .string({ error: 'Each domain must be text.' })
        .trim()
        .toLowerCase()
        .refine(isDomainName, {
          error: (issue) => `"${String(issue.input)}" is not a domain name such as example.com.`,
        }),
      { error: 'Domains must be a list of domain names.' },
    )
    .max(SIGNUP_DOMAINS_MAX_COUNT, `List at most ${SIGNUP_DOMAINS_MAX_COUNT} domains.`)
    .transform((domains) => [...new Set(domains)]),
});
export type SignupSettingsInput = z.infer<typeof signupSettingsSchema>;

/** POST /api/admin/invitations: an email binds the invitation to that address; none: anyone with the link. */
export const createInvitationSchema = z.object({
  // '' (the form's empty field) and null mean no email, like leaving it out.
  email: z
    .preprocess((value) => (value === '' || value === null ? undefined : value), emailSchema.optional())
    .transform((email) => email ?? null),
  role: roleSchema.default('user'),
});
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

/** The invitation token a link carries: 32 random bytes, base64url. */
export const INVITATION_TOKEN_MAX_LENGTH = 512;
