/**
 * Names that read as they look (docs/product.md#names): the rule shared by the server's schemas
 * (./text.ts singleLineText) and the browser's forms. No zod here, so a page that only checks a name
 * does not download it.
 */

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
