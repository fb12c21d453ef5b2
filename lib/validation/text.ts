// First: in the browser, zod must not probe eval before schemas are built (see zod-config.ts).
import './zod-config';
import { z } from 'zod';

/** A string field whose messages name it: '<label> is required.' when absent, '<label> must be text.' otherwise. */
export const requiredText = (label: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
  });

/** Trimmed, not empty, at most `maxLength` characters. */
export const boundedText = (label: string, maxLength: number) =>
  requiredText(label)
    .trim()
    .min(1, `${label} is required.`)
    .max(maxLength, `${label} must be at most ${maxLength.toLocaleString('en-US')} characters.`);

/** C0 and C1 control characters, and the line and paragraph separators. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Characters that show nothing or turn the text around: zero-width spaces and joiners, the word
 * joiner and invisible operators, the byte-order mark, and the bidirectional marks, embeddings,
 * overrides and isolates. In a name they make two names look alike or one look like another.
 */
const HIDDEN_CHARACTERS = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** Why `text` is not a name one line long that reads as it looks; null when it is. */
export function describeHiddenCharacters(label: string, text: string): string | null {
  if (CONTROL_CHARACTERS.test(text)) return `${label} must not contain control characters.`;
  if (HIDDEN_CHARACTERS.test(text)) {
    return `${label} must not contain invisible characters or text-direction marks. Type the name again without pasting it.`;
  }
  return null;
}

/**
 * A name: bounded text on one line that reads as it looks (names go into mail subjects, the navbar and
 * the assignee picker), stored in Unicode normal form C so that one name has one spelling
 * (docs/product.md#names).
 */
export const singleLineText = (label: string, maxLength: number) =>
  boundedText(label, maxLength)
    .superRefine((text, context) => {
      const message = describeHiddenCharacters(label, text);
      if (message) context.addIssue({ code: 'custom', message });
    })
    .transform((text) => text.normalize('NFC'));
