/**
 * The Contact Us limits and texts, in a module without zod so the landing page can show them
 * (the character counter) without loading the schema; contact.ts builds the schema from them.
 */
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MAX_LENGTH = 5_000;

/** The success message of POST /api/contact, which the Contact Us form shows. */
export const CONTACT_SUCCESS_MESSAGE = 'Thanks! Your message has been sent.';
