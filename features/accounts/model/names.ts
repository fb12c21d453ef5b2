/**
 * An account's full name: required and at most this long (docs/product.md#names). Without zod, so
 * the profile form can check it before sending.
 */
export const FULL_NAME_MAX_LENGTH = 100;

/**
 * Team mode's profile `Name` is the account's name (docs/product.md#member-profile): the sign-up
 * rules for presence and length, worded for the field.
 */
export function describeAccountNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Name is required.';
  if (trimmed.length > FULL_NAME_MAX_LENGTH)
    return `Name must be at most ${FULL_NAME_MAX_LENGTH} characters.`;
  return null;
}
