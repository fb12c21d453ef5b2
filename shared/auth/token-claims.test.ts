import { describe, expect, it } from 'vitest';
import { readTokenRole, readTokenTwoFactorSetup, readTokenUserId } from './token-claims';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenWith = (claims: object) => `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;

describe('readTokenRole', () => {
  const now = Date.UTC(2026, 0, 1);

  it('reads the role of an unexpired token', () => {
    expect(readTokenRole(tokenWith({ role: 'admin', exp: now / 1000 + 60 }), now)).toBe('admin');
    expect(readTokenRole(tokenWith({ role: 'user' }), now)).toBe('user');
  });

  it('returns null for expired, malformed or role-less tokens', () => {
    expect(readTokenRole(tokenWith({ role: 'admin', exp: now / 1000 - 1 }), now)).toBeNull();
    expect(readTokenRole(tokenWith({ role: 'root' }), now)).toBeNull();
    expect(readTokenRole('not-a-token', now)).toBeNull();
    expect(readTokenRole('a.%%%.c', now)).toBeNull();
    expect(readTokenRole(null, now)).toBeNull();
  });
});

describe('readTokenUserId', () => {
  const now = Date.UTC(2026, 0, 1);

  it('reads sub of an unexpired token', () => {
    expect(readTokenUserId(tokenWith({ sub: 'u-1', role: 'user', exp: now / 1000 + 60 }), now)).toBe('u-1');
  });

  it('returns null for expired tokens and a missing or empty sub', () => {
    expect(readTokenUserId(tokenWith({ sub: 'u-1', exp: now / 1000 - 1 }), now)).toBeNull();
    expect(readTokenUserId(tokenWith({ sub: '' }), now)).toBeNull();
    expect(readTokenUserId(tokenWith({ sub: 42 }), now)).toBeNull();
    expect(readTokenUserId(null, now)).toBeNull();
  });
});

describe('readTokenTwoFactorSetup', () => {
  const now = Date.UTC(2026, 0, 1);

  it('is true only for an unexpired token carrying tfs: true', () => {
    expect(readTokenTwoFactorSetup(tokenWith({ role: 'admin', tfs: true, exp: now / 1000 + 60 }), now)).toBe(
      true,
    );
    expect(readTokenTwoFactorSetup(tokenWith({ role: 'admin', exp: now / 1000 + 60 }), now)).toBe(false);
    expect(readTokenTwoFactorSetup(tokenWith({ role: 'admin', tfs: 'yes' }), now)).toBe(false);
    expect(readTokenTwoFactorSetup(tokenWith({ role: 'admin', tfs: true, exp: now / 1000 - 1 }), now)).toBe(
      false,
    );
    expect(readTokenTwoFactorSetup(null, now)).toBe(false);
  });
});
