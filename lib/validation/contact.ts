// First: the browser must not probe eval before ./auth builds its schemas (see zod-config.ts).
import './zod-config';
import { z } from 'zod';
import { emailSchema } from './auth';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH } from './contact-limits';

export {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUCCESS_MESSAGE,
} from './contact-limits';

const requiredText = (label: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
  });

export const contactNameSchema = requiredText('Name')
  .trim()
  .min(1, 'Name is required.')
  .max(CONTACT_NAME_MAX_LENGTH, `Name must be at most ${CONTACT_NAME_MAX_LENGTH} characters.`)
  // The name goes into a mail subject: no line breaks or other control characters.
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'Name must not contain control characters.');

export const contactMessageSchema = requiredText('Message')
  .trim()
  .min(1, 'Message is required.')
  .max(
    CONTACT_MESSAGE_MAX_LENGTH,
    `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  );

/** Spec §2 Contact Us (Your Name, Your Email, Your Message); shared by the form and POST /api/contact. */
export const contactSchema = z.object({
  name: contactNameSchema,
  email: emailSchema,
  message: contactMessageSchema,
});
export type ContactInput = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactInput;
