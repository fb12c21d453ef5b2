import type { z } from 'zod';
import { EMAIL_MAX_LENGTH, emailSchema } from '@/features/accounts/server/auth-schemas';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUCCESS_MESSAGE,
  contactMessageSchema,
  contactNameSchema,
  type ContactField,
} from '@/features/landing/server/contact-schema';

/** What public/landing.js checks in a field before sending (after trimming), with the texts to show. */
export interface ContactFieldRule {
  maxLength: number;
  required: string;
  tooLong: string;
  /** Shown when the browser says the value is not of the input's type (the email field). */
  invalid?: string;
}

/**
 * Everything public/landing.js needs to check and send the Contact Us form, handed to it as the
 * form's data-rules attribute. The messages are read from the shared zod schemas here, at build
 * time (getStaticProps), so the page says exactly what POST /api/contact would say while zod
 * stays off the page.
 */
export interface ContactFormRules {
  fields: Record<ContactField, ContactFieldRule>;
  /** The character counter's text; `{count}` stands for the current length. */
  counter: string;
  /** The submit button's label, and its label while a message is being sent. */
  send: string;
  sending: string;
  /** Shown after a 201 without a message of its own. */
  success: string;
  /** Shown when the request fails without a message a visitor can act on (network, 5xx). */
  failure: string;
}

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** The message `schema` gives for `input`; fails the build if it accepts it (the rule has changed). */
function messageFor(schema: z.ZodType, input: string): string {
  const result = schema.safeParse(input);
  const message = result.success ? undefined : result.error.issues[0]?.message;
  if (!message) throw new Error(`contact rules: the schema accepted ${JSON.stringify(input.slice(0, 20))}`);
  return message;
}

const tooLongInput = (maxLength: number) => 'x'.repeat(maxLength + 1);

export function getContactFormRules(): ContactFormRules {
  return {
    fields: {
      name: {
        maxLength: CONTACT_NAME_MAX_LENGTH,
        required: messageFor(contactNameSchema, ' '),
        tooLong: messageFor(contactNameSchema, tooLongInput(CONTACT_NAME_MAX_LENGTH)),
      },
      email: {
        maxLength: EMAIL_MAX_LENGTH,
        required: messageFor(emailSchema, ' '),
        tooLong: messageFor(emailSchema, tooLongInput(EMAIL_MAX_LENGTH)),
        invalid: messageFor(emailSchema, 'not-an-email'),
      },
      message: {
        maxLength: CONTACT_MESSAGE_MAX_LENGTH,
        required: messageFor(contactMessageSchema, ' '),
        tooLong: messageFor(contactMessageSchema, tooLongInput(CONTACT_MESSAGE_MAX_LENGTH)),
      },
    },
    counter: `{count} / ${COUNT_FORMAT.format(CONTACT_MESSAGE_MAX_LENGTH)} characters`,
    send: 'Send Message',
    sending: 'Sending...',
    success: CONTACT_SUCCESS_MESSAGE,
    failure: 'Could not send your message. Please try again.',
  };
}
