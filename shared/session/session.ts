import { INVALID, isRecord, parser } from '@/shared/validation/parsers';
import { writeLinkCookie } from './link-cookie';

import {
  createNullableStore,
  readRawItem,
  removeRawItem,
  writeRawItem,
} from '../browser-storage/local-store';

/**
 * The session keys (docs/product.md#storage-keys). Users upgrading from the original app already have
 * these in their browser, so the names and encodings must not change:
 * - `token`: the bearer token stored raw (`localStorage.setItem('token', token)`), NOT JSON-encoded.
 *   It is therefore read and written only through `getStoredToken`/`saveSession`, never a JSON store.
 * - `user`: JSON `{ email }`.
 * - `loggedInUser`: JSON `{ name }`.
 */
export const SESSION_KEYS = {
  token: 'token',
  user: 'user',
  loggedInUser: 'loggedInUser',
} as const;

export type StoredUser = { email: string };
export type LoggedInUser = { name: string };

export const storedUserSchema = parser<StoredUser>((value) =>
  isRecord(value) && typeof value.email === 'string' ? { email: value.email } : INVALID,
);
export const loggedInUserSchema = parser<LoggedInUser>((value) =>
  isRecord(value) && typeof value.name === 'string' ? { name: value.name } : INVALID,
);

export const userStore = createNullableStore(SESSION_KEYS.user, storedUserSchema);

export const loggedInUserStore = createNullableStore(SESSION_KEYS.loggedInUser, loggedInUserSchema);

/** The raw token, or `null` when absent, empty, on the server, or when storage is unavailable. */
export function getStoredToken(): string | null {
  const token = readRawItem(SESSION_KEYS.token);
  return token ? token : null;
}

/** Throws `StorageQuotaError`/`StorageUnavailableError`; a failed save leaves no half-written session. */
export function saveSession({ token, email, name }: { token: string; email: string; name: string }): void {
  try {
    userStore.write({ email });
    loggedInUserStore.write({ name });
    // Written last so that a token in storage always comes with its profile.
    writeRawItem(SESSION_KEYS.token, token);
    writeLinkCookie(token);
  } catch (error) {
    clearSessionQuietly();
    throw error;
  }
}

/**
 * Replaces the stored token of the current session (a password change issues a new one and ends the
 * old). Throws `StorageQuotaError`/`StorageUnavailableError`.
 */
export function replaceStoredToken(token: string): void {
  writeRawItem(SESSION_KEYS.token, token);
  writeLinkCookie(token);
}

/** Throws `StorageUnavailableError` when storage cannot be written. */
export function clearSession(): void {
  // Token first: if a later removal fails, the user is at least logged out.
  writeLinkCookie(null);
  removeRawItem(SESSION_KEYS.token);
  userStore.remove();
  loggedInUserStore.remove();
}

function clearSessionQuietly(): void {
  try {
    clearSession();
  } catch {
    // Storage is already failing; the original error is the one worth reporting.
  }
}
