// First: in the browser, zod must not probe eval before schemas are built (see zod-config.ts).
import '@/shared/validation/zod/zod-config';
import { z } from 'zod';
import { ROLES, type Role } from '@/shared/auth/role';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '../model/account-limits';
import { FULL_NAME_MAX_LENGTH } from '../model/names';
import { requiredText, singleLineText } from '@/shared/validation/zod/text';

export { ROLES, type Role };
export const roleSchema = z.enum(ROLES, { error: 'Role must be "user" or "admin".' });

export { EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH };

/** Trimmed and lower-cased: emails differing only in case are the same account. */
export const emailSchema = requiredText('Email')
  .trim()
  .min(1, 'Email is required.')
  .max(EMAIL_MAX_LENGTH, 'Email is too long.')
  .pipe(z.email({ error: 'Enter a valid email address.' }))
  .transform((email) => email.toLowerCase());

export const fullNameSchema = singleLineText('Full name', FULL_NAME_MAX_LENGTH);

/** The sign-up password rules, with messages naming the field (`Password`, `New password`). */
const passwordWithRules = (label: string) =>
  requiredText(label)
    .min(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .refine(
      (password) => new TextEncoder().encode(password).length <= PASSWORD_MAX_BYTES,
      `${label} must be at most ${PASSWORD_MAX_BYTES} bytes.`,
    );

export const newPasswordSchema = passwordWithRules('Password');

export const registerSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: roleSchema.default('user'),
  // The token of an invitation link (/signup?invite=…); sign-ups without one are decided by the mode.
  invite: requiredText('Invitation')
    .min(1, 'Invitation is invalid.')
    .max(512, 'Invitation is invalid.')
    .optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Login checks presence only: a wrong password of any length is just a wrong password (401). */
export const loginSchema = z.object({
  email: emailSchema,
  password: requiredText('Password').min(1, 'Password is required.').max(1024, 'Password is too long.'),
  // The login form sends the role it was navigated with; the server's stored role decides.
  role: z.unknown().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A two-factor code as typed: six digits from the app, or a recovery code (docs/product.md#two-factor-sign-in). */
const twoFactorCode = requiredText('Code')
  .transform((code) => code.trim())
  .pipe(z.string().min(1, 'Code is required.').max(64, 'Code is too long.'));

export const twoFactorCodeSchema = z.object({ code: twoFactorCode });

/** Login's second step: the challenge login answered with, and the code. */
export const twoFactorLoginSchema = z.object({
  challenge: requiredText('Challenge').min(1, 'Log in with your password again.').max(4096),
  code: twoFactorCode,
});

export const forgotPasswordSchema = z.object({
  email: emailSchema,
  role: z.unknown().optional(),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: requiredText('Reset token').min(1, 'Reset token is required.').max(512, 'Reset token is invalid.'),
  password: newPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const confirmEmailSchema = z.object({
  token: requiredText('Confirmation token')
    .min(1, 'Confirmation token is required.')
    .max(512, 'Confirmation token is invalid.'),
});
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;

export const resendConfirmationSchema = z.object({ email: emailSchema });
export type ResendConfirmationInput = z.infer<typeof resendConfirmationSchema>;

/**
 * Admin edit (PUT /admin/users/{email}; docs/product.md#endpoint-update-user); leaving email out keeps
 * the current one.
 */
export const updateUserSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema.optional(),
  role: roleSchema,
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** PUT /api/auth/account: one's own name, under sign-up's rules (docs/product.md#names). */
export const changeNameSchema = z.object({ fullName: fullNameSchema });
export type ChangeNameInput = z.infer<typeof changeNameSchema>;

export const SAME_PASSWORD_MESSAGE = 'Your new password must be different from your current password.';

/**
 * POST /api/auth/change-password: the current password (checked against the stored hash, so only
 * presence and a sane length here) and a new one under the sign-up rules, different from the current.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: requiredText('Current password')
      .min(1, 'Current password is required.')
      .max(1024, 'Current password is too long.'),
    newPassword: passwordWithRules('New password'),
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    message: SAME_PASSWORD_MESSAGE,
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
