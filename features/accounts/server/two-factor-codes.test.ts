import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptedTotpStep,
  decryptSecret,
  encryptSecret,
  findRecoveryCode,
  hashRecoveryCode,
  isTotpShaped,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  totpCode,
  TOTP_PERIOD_SECONDS,
} from './two-factor-codes';

const AUTH_SECRET = 'unit-test-secret-that-is-long-enough-0123456789';
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
// RFC 6238's test secret ("12345678901234567890" in base32) and its SHA-1 vectors (last six digits).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP codes', () => {
  it('match RFC 6238 test vectors', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
  });

  it('accept the current step and one either side, and nothing further', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    const step = Math.floor(now / STEP_MS);
    for (const offset of [-1, 0, 1]) {
      expect(acceptedTotpStep(secret, totpCode(secret, now + offset * STEP_MS), now, null)).toBe(
        step + offset,
      );
    }
    for (const offset of [-3, -2, 2, 3]) {
      const code = totpCode(secret, now + offset * STEP_MS);
      // A far code may collide with a near one by chance (1 in 10^6): only then may it pass.
      const near = [-1, 0, 1].map((near) => totpCode(secret, now + near * STEP_MS));
      if (!near.includes(code)) expect(acceptedTotpStep(secret, code, now, null)).toBeNull();
    }
  });

  it('never accept a step at or before the last one used (no replay)', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = Math.floor(now / STEP_MS);
    const code = totpCode(secret, now);
    expect(acceptedTotpStep(secret, code, now, step - 1)).toBe(step);
    expect(acceptedTotpStep(secret, code, now, step)).toBeNull();
    expect(acceptedTotpStep(secret, totpCode(secret, now - STEP_MS), now, step)).toBeNull();
    expect(acceptedTotpStep(secret, totpCode(secret, now + STEP_MS), now, step)).toBe(step + 1);
  });

  it('take spaces inside a code, and refuse anything that is not six digits', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const code = totpCode(secret, now);
    expect(acceptedTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).not.toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', `${code}0`]) {
      expect(acceptedTotpStep(secret, bad, now, null)).toBeNull();
    }
    expect(isTotpShaped('123 456')).toBe(true);
    expect(isTotpShaped('abcd-efgh-ijkl-mnop')).toBe(false);
  });

  it('make base32 secrets of 160 bits', () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(newTotpSecret());
  });
});

describe('the secret at rest', () => {
  it('round-trips through AES-256-GCM, with a fresh IV each time', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), (plain) => {
        const stored = encryptSecret(plain, AUTH_SECRET);
        expect(stored).not.toContain(plain.length > 3 ? plain : '\u0000');
        expect(decryptSecret(stored, AUTH_SECRET)).toBe(plain);
      }),
    );
    const secret = newTotpSecret();
    expect(encryptSecret(secret, AUTH_SECRET)).not.toBe(encryptSecret(secret, AUTH_SECRET));
  });

  it('cannot be read with another AUTH_SECRET, nor once changed', () => {
    const stored = encryptSecret(newTotpSecret(), AUTH_SECRET);
    expect(decryptSecret(stored, `${AUTH_SECRET}x`)).toBeNull();
    const [prefix, iv, tag, ciphertext] = stored.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(decryptSecret([prefix, iv, tag, flipped.toString('base64url')].join('.'), AUTH_SECRET)).toBeNull();
    expect(decryptSecret('garbage', AUTH_SECRET)).toBeNull();
    expect(decryptSecret(`${stored}.extra`, AUTH_SECRET)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of four groups of four base32 letters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
  });

  it('hash to SHA-256 hex, whatever the case, dashes and spaces typed', () => {
    const [code] = newRecoveryCodes() as [string];
    const hash = hashRecoveryCode(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(code.toUpperCase().replaceAll('-', ' '))).toBe(hash);
    expect(normalizeRecoveryCode(' AbCd-EfGh ')).toBe('abcdefgh');
  });

  it('are found by their hash, and nothing else is', () => {
    const codes = newRecoveryCodes();
    const hashes = codes.map(hashRecoveryCode);
    codes.forEach((code, index) => expect(findRecoveryCode(hashes, code)).toBe(index));
    expect(findRecoveryCode(hashes, 'aaaa-aaaa-aaaa-aaaa')).toBe(-1);
    expect(findRecoveryCode(hashes, '')).toBe(-1);
    expect(findRecoveryCode(['not-hex'], codes[0] ?? '')).toBe(-1);
  });
});
