/**
 * The success message of POST /api/auth/change-password, which the form shows as is. Without zod, so
 * that the pages with the form (a member's Profile in team mode) do not load the schemas.
 */
export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully!';
