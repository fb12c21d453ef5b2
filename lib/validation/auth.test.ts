import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  emailSchema,
  loginSchema,
  newPasswordSchema,
  registerSchema,
  updateUserSchema,
} from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Asha.Rao@Example.COM ')).toBe('asha.rao@example.com');
  });

  it.each([
    [undefined, 'Email is required.'],
    ['', 'Email is required.'],
    ['   ', 'Email is required.'],
    [42, 'Email must be text.'],
    ['no-at-sign', 'Enter a valid email address.'],
    [`${'a'.repeat(250)}@x.co`, 'Email is too long.'],
  ])('rejects %j with %s', (input, message) => {
    expect(firstMessage(emailSchema.safeParse(input))).toBe(message);
  });
});

describe('newPasswordSchema', () => {
  it('needs 8 characters and at most 72 bytes (bcrypt reads no further)', () => {
    expect(newPasswordSchema.safeParse('1234567').success).toBe(false);
    expect(newPasswordSchema.safeParse('12345678').success).toBe(true);
    expect(newPasswordSchema.safeParse('a'.repeat(72)).success).toBe(true);
    expect(firstMessage(newPasswordSchema.safeParse('a'.repeat(73)))).toBe(
      'Password must be at most 72 bytes.',
    );
    // 36 two-byte characters are 72 bytes; 37 are too many.
    expect(newPasswordSchema.safeParse('é'.repeat(36)).success).toBe(true);
    expect(newPasswordSchema.safeParse('é'.repeat(37)).success).toBe(false);
  });
});

describe('registerSchema', () => {
  it('defaults the role to user and trims the name', () => {
    expect(registerSchema.parse({ fullName: ' Asha ', email: 'a@b.co', password: 'password1' })).toEqual({
      fullName: 'Asha',
      email: 'a@b.co',
      password: 'password1',
      role: 'user',
    });
  });

  it('rejects control characters in names and unknown roles', () => {
    expect(
      firstMessage(
        registerSchema.safeParse({ fullName: 'A\u0000B', email: 'a@b.co', password: 'password1' }),
      ),
    ).toBe('Full name must not contain control characters.');
    expect(
      firstMessage(
        registerSchema.safeParse({ fullName: 'A', email: 'a@b.co', password: 'password1', role: 'root' }),
      ),
    ).toBe('Role must be "user" or "admin".');
  });
});

describe('loginSchema', () => {
  it('accepts any role value and any non-empty password (a short one is just wrong)', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x', role: 'whatever' }).success).toBe(true);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(
      'Password is required.',
    );
  });
});

describe('updateUserSchema', () => {
  it('keeps the email optional and requires name and role', () => {
    expect(updateUserSchema.parse({ fullName: 'B', role: 'admin' })).toEqual({
      fullName: 'B',
      role: 'admin',
    });
    expect(firstMessage(updateUserSchema.safeParse({ fullName: 'B' }))).toBe(
      'Role must be "user" or "admin".',
    );
  });
});

describe('changePasswordSchema', () => {
  it('keeps both passwords as typed (no trimming: spaces are part of a password)', () => {
    expect(changePasswordSchema.parse({ currentPassword: ' old ', newPassword: ' new pass ' })).toEqual({
      currentPassword: ' old ',
      newPassword: ' new pass ',
    });
  });

  it.each([
    [{ newPassword: 'password1' }, 'Current password is required.'],
    [{ currentPassword: '', newPassword: 'password1' }, 'Current password is required.'],
    [{ currentPassword: 'old' }, 'New password is required.'],
    [{ currentPassword: 'old', newPassword: '1234567' }, 'New password must be at least 8 characters.'],
    [{ currentPassword: 'old', newPassword: 'é'.repeat(37) }, 'New password must be at most 72 bytes.'],
    [
      { currentPassword: 'password1', newPassword: 'password1' },
      'Your new password must be different from your current password.',
    ],
  ])('rejects %j with %s', (input, message) => {
    expect(firstMessage(changePasswordSchema.safeParse(input))).toBe(message);
  });

  it('applies the sign-up rules to the new password', () => {
    expect(changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: '12345678' }).success).toBe(
      true,
    );
    expect(
      changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: 'a'.repeat(72) }).success,
    ).toBe(true);
  });
});
