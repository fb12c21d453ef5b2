// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { StorageQuotaError } from '../browser-storage/local-store';
import {
  clearSession,
  getStoredToken,
  loggedInUserStore,
  saveSession,
  SESSION_KEYS,
  userStore,
} from './session';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('SESSION_KEYS', () => {
  it('uses the key names earlier versions stored', () => {
    expect(SESSION_KEYS).toEqual({ token: 'token', user: 'user', loggedInUser: 'loggedInUser' });
  });
});

describe('saveSession', () => {
  it('stores the token raw and the profiles as JSON', () => {
    saveSession({ token: TOKEN, email: 'ada@example.com', name: 'Ada' });

    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(localStorage.getItem('user')).toBe('{"email":"ada@example.com"}');
    expect(localStorage.getItem('loggedInUser')).toBe('{"name":"Ada"}');
  });

  it('round-trips through getStoredToken and the stores', () => {
    saveSession({ token: TOKEN, email: 'ada@example.com', name: 'Ada' });

    expect(getStoredToken()).toBe(TOKEN);
    expect(userStore.read()).toEqual({ email: 'ada@example.com' });
    expect(loggedInUserStore.read()).toEqual({ name: 'Ada' });
  });

  it('notifies store subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = userStore.subscribe(listener);

    saveSession({ token: TOKEN, email: 'ada@example.com', name: 'Ada' });
    unsubscribe();

    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('leaves no half-written session and rethrows when storage is full', () => {
    const realSetItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (key === SESSION_KEYS.loggedInUser) throw new DOMException('Quota exceeded', 'QuotaExceededError');
      realSetItem.call(this, key, value);
    });

    expect(() => saveSession({ token: TOKEN, email: 'ada@example.com', name: 'Ada' })).toThrow(
      StorageQuotaError,
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('getStoredToken', () => {
  it('reads a token stored raw by the original app', () => {
    localStorage.setItem('token', TOKEN);

    expect(getStoredToken()).toBe(TOKEN);
  });

  it('returns null when there is no token or it is empty', () => {
    expect(getStoredToken()).toBeNull();

    localStorage.setItem('token', '');
    expect(getStoredToken()).toBeNull();
  });

  it('returns null on the server', () => {
    localStorage.setItem('token', TOKEN);
    vi.stubGlobal('window', undefined);

    expect(getStoredToken()).toBeNull();
  });
});

describe('session stores', () => {
  it('read legacy JSON profiles, keeping only the email and the name', () => {
    localStorage.setItem('user', JSON.stringify({ email: 'ada@example.com', role: 'admin' }));
    localStorage.setItem('loggedInUser', JSON.stringify({ name: 'Ada' }));

    expect(userStore.read()).toEqual({ email: 'ada@example.com' });
    expect(loggedInUserStore.read()).toEqual({ name: 'Ada' });
  });

  it('fall back to null for missing or malformed profiles', () => {
    localStorage.setItem('user', JSON.stringify({ mail: 'ada@example.com' }));

    expect(userStore.read()).toBeNull();
    expect(loggedInUserStore.read()).toBeNull();
  });
});

describe('clearSession', () => {
  it('removes token, user and loggedInUser and nothing else', () => {
    saveSession({ token: TOKEN, email: 'ada@example.com', name: 'Ada' });
    localStorage.setItem('notes', '"keep me"');
    const listener = vi.fn();
    const unsubscribe = loggedInUserStore.subscribe(listener);

    clearSession();
    unsubscribe();

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('loggedInUser')).toBeNull();
    expect(localStorage.getItem('notes')).toBe('"keep me"');
    expect(getStoredToken()).toBeNull();
    expect(userStore.read()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
