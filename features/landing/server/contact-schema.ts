// First: the browser must not probe eval before ./auth builds its schemas (see zod-config.ts).
import '@/shared/validation/zod/zod-config';
import { z } from 'zod';
import { emailSchema } from '@/features/accounts/server/auth-schemas';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH } from '../model/contact-limits';
import { boundedText, singleLineText } from '@/shared/validation/zod/text';

export {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUCCESS_MESSAGE,
} from '../model/contact-limits';

export const contactNameSchema = singleLineText('Name', CONTACT_NAME_MAX_LENGTH);

export const contactMessageSchema = boundedText('Message', CONTACT_MESSAGE_MAX_LENGTH);

/**
 * Contact Us (Your Name, Your Email, Your Message); shared by the form and POST /api/contact
 * (docs/product.md#endpoint-contact).
 */
export const contactSchema = z.object({
  name: contactNameSchema,
  email: emailSchema,
  message: contactMessageSchema,
});
export type ContactInput = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactInput;
