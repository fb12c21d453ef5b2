import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  emailSchema,
  loginSchema,
  newPasswordSchema,
  registerSchema,
  updateUserSchema,
} from './auth-schemas';

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

describe('names (docs/product.md#names)', () => {
  const parse = (fullName: string) =>
    registerSchema.safeParse({ fullName, email: 'a@b.co', password: 'password1' });
  const HIDDEN =
    'Full name must not contain invisible characters or text-direction marks. Type the name again without pasting it.';

  it('stores a name in normal form C, so one name has one spelling', () => {
    const decomposed = 'Jose\u0301 Nun\u0303ez';
    const result = parse(decomposed);
    expect(result.success && result.data.fullName).toBe('José Nuñez'.normalize('NFC'));
    expect(result.success && result.data.fullName).not.toBe(decomposed);
  });

  it.each([
    ['zero-width space', 'Carol\u200bDiaz'],
    ['zero-width joiner', 'Carol\u200dDiaz'],
    ['byte-order mark inside', 'Carol\ufeffDiaz'],
    ['word joiner', 'Carol\u2060Diaz'],
    ['right-to-left override', 'Carol \u202eziaD'],
    ['left-to-right isolate', 'Carol \u2066Diaz\u2069'],
    ['right-to-left mark', 'Carol Diaz\u200f'],
    ['Arabic letter mark', 'Carol\u061c Diaz'],
  ])('refuses a %s', (_what, fullName) => {
    expect(firstMessage(parse(fullName))).toBe(HIDDEN);
  });

  it.each([
    ['C1 control', 'Carol\u0085Diaz'],
    ['line separator', 'Carol\u2028Diaz'],
    ['paragraph separator', 'Carol\u2029Diaz'],
    ['delete', 'Carol\u007fDiaz'],
  ])('refuses a %s as a control character', (_what, fullName) => {
    expect(firstMessage(parse(fullName))).toBe('Full name must not contain control characters.');
  });

  it('keeps names in any script, with accents and apostrophes', () => {
    for (const fullName of ['Zoë O’Brien', 'محمد علي', '李小龙', 'Ngọc Ánh']) {
      expect(parse(fullName).success).toBe(true);
    }
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
