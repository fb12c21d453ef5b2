import 'server-only';
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '@/shared/constants';

/**
 * The pure parts of two-factor sign-in (docs/decisions/0047-two-factor-sign-in.md): the TOTP secret
 * and its encryption at rest, the code check with its window and replay guard, and recovery codes.
 * Nothing here reads the database or the environment: the callers pass AUTH_SECRET and the time.
 */

/** RFC 6238 with the defaults every authenticator app knows: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** A code of the previous or the next step is accepted too (clocks drift, people type slowly). */
export const TOTP_WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends. */
const SECRET_BYTES = 20;

export const RECOVERY_CODE_COUNT = 10;
/** 80 random bits each, written as four groups of four base32 letters: `abcd-efgh-ijkl-mnop`. */
const RECOVERY_CODE_BYTES = 10;

/** The HKDF label of the key that encrypts TOTP secrets: no other use of AUTH_SECRET yields this key. */
const KEY_LABEL = 'tasklane two-factor secret v1';
const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const STORED_PREFIX = 'v1';

function secretKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, Buffer.alloc(0), KEY_LABEL, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url): AES-256-GCM under a key derived from AUTH_SECRET. */
export function encryptSecret(base32: string, authSecret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, secretKey(authSecret), iv);
  const ciphertext = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [STORED_PREFIX, iv, tag, ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/**
 * The base32 secret back, or null when it cannot be read: another AUTH_SECRET, or a changed value
 * (GCM's tag refuses any change).
 */
export function decryptSecret(stored: string, authSecret: string): string | null {
  const [prefix, iv, tag, ciphertext, ...rest] = stored.split('.');
  if (prefix !== STORED_PREFIX || !iv || !tag || ciphertext === undefined || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv(CIPHER, secretKey(authSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** A new random TOTP secret, in base32 (what the set-up screen shows and the QR code carries). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totp(base32: string, accountEmail = '') {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label: accountEmail,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function otpauthUri(base32: string, accountEmail: string): string {
  return totp(base32, accountEmail).toString();
}

/** The code of the step holding `nowMs` (tests and the e2e compute codes the same way). */
export function totpCode(base32: string, nowMs: number): string {
  return totp(base32).generate({ timestamp: nowMs });
}

/** Six digits, spaces allowed (`123 456`): a TOTP code; anything else is taken as a recovery code. */
export function isTotpShaped(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}

/**
 * The 30-second step a code belongs to when it is valid now (within the window) and newer than
 * `lastUsedStep`, else null: a code accepted once, or an older one, is refused (no replay).
 */
export function acceptedTotpStep(
  base32: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(base32).validate({ token, timestamp: nowMs, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}

const BASE32_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function base32Lower(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Ten new recovery codes, as shown once: `abcd-efgh-ijkl-mnop`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    (base32Lower(randomBytes(RECOVERY_CODE_BYTES)).match(/.{4}/g) ?? []).join('-'),
  );
}

/** What is compared: letters and digits only, lower case (dashes, spaces and case do not matter). */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * SHA-256 of the normalized code, in hex. A fast hash is enough here: each code carries 80 random
 * bits, so there is nothing to guess from the hash, unlike a password.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code), 'utf8').digest('hex');
}

/**
 * Which of the stored hashes `code` matches (its index), or -1. Every hash is compared, each in
 * constant time, so the answer's timing does not tell how close a guess came.
 */
export function findRecoveryCode(hashes: readonly string[], code: string): number {
  const candidate = Buffer.from(hashRecoveryCode(code), 'hex');
  let found = -1;
  hashes.forEach((hash, index) => {
    const stored = Buffer.from(hash, 'hex');
    if (stored.length === candidate.length && timingSafeEqual(stored, candidate) && found === -1) {
      found = index;
    }
  });
  return found;
}
