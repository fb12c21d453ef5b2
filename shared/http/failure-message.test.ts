import { describe, expect, it } from 'vitest';
import { StorageQuotaError, StorageUnavailableError } from '../browser-storage/local-store';
import { MissingTokenError } from '@/shared/http/http';
import { FAILURE_WORDING, describeFailure, describeRequestFailure } from './failure-message';
import { ApiError } from './http';

const CLIENT_TIMEOUT = 'The server took too long to respond. Please try again.';
const CLIENT_NETWORK = 'Could not reach the server. Check your connection and try again.';
const STORAGE_FULL = 'Browser storage is full. Remove some data and try again.';
const INVITATION_UNCHECKED =
  'Could not check this invitation. You can still sign up with it: the server checks it again.';
const STORAGE_BLOCKED = 'Browser storage is unavailable. Check that cookies and site data are allowed.';

/** One failure of every kind a form can meet, as `requestJson` and the storage layer throw them. */
const FAILURES = {
  serverMessage: new ApiError('http', 'Email already registered', {
    status: 409,
    body: { message: 'Email already registered', code: 'CONFLICT' },
  }),
  bodilessHttp: new ApiError('http', 'Request failed with status 500.', { status: 500 }),
  emptyServerMessage: new ApiError('http', 'Request failed with status 502.', {
    status: 502,
    body: { message: '' },
  }),
  timeout: new ApiError('timeout', CLIENT_TIMEOUT),
  network: new ApiError('network', CLIENT_NETWORK),
  noToken: new MissingTokenError(),
  storageFull: new StorageQuotaError(),
  storageBlocked: new StorageUnavailableError(),
  other: new Error('Unexpected'),
} as const;

type Kind = keyof typeof FAILURES;

/** The error catalogue, written out: what each form shows for each kind of failure. */
const EXPECTED: Record<keyof typeof FAILURE_WORDING, Record<Kind, string>> = {
  login: {
    serverMessage: 'Email already registered',
    bodilessHttp: 'Invalid credentials',
    emptyServerMessage: 'Invalid credentials',
    timeout: 'Request timeout, please try again.',
    network: 'Server error, please try again.',
    noToken: 'Server error, please try again.',
    storageFull: STORAGE_FULL,
    storageBlocked: STORAGE_BLOCKED,
    other: 'Server error, please try again.',
  },
  twoFactor: {
    serverMessage: 'Email already registered',
    bodilessHttp: 'The code could not be checked. Try again.',
    emptyServerMessage: 'The code could not be checked. Try again.',
    timeout: 'Request timeout, please try again.',
    network: 'Server error, please try again.',
    noToken: 'Server error, please try again.',
    storageFull: STORAGE_FULL,
    storageBlocked: STORAGE_BLOCKED,
    other: 'Server error, please try again.',
  },
  singleSignOn: {
    serverMessage: 'Email already registered',
    bodilessHttp: 'The sign-in could not be completed. Try again.',
    emptyServerMessage: 'The sign-in could not be completed. Try again.',
    timeout: CLIENT_TIMEOUT,
    network: 'Could not reach the server. Check your connection, then try again.',
    noToken: 'The sign-in could not be completed. Try again.',
    storageFull: STORAGE_FULL,
    storageBlocked: STORAGE_BLOCKED,
    other: 'The sign-in could not be completed. Try again.',
  },
  signup: {
    serverMessage: 'Email already registered',
    bodilessHttp: 'Failed to create an account. Try again.',
    emptyServerMessage: 'Failed to create an account. Try again.',
    timeout: 'Failed to create an account. Try again.',
    network: 'Failed to create an account. Try again.',
    noToken: 'Failed to receive token. Try again.',
    storageFull: STORAGE_FULL,
    storageBlocked: STORAGE_BLOCKED,
    other: 'Failed to create an account. Try again.',
  },
  forgotPassword: {
    serverMessage: 'Email already registered',
    bodilessHttp: 'Something went wrong.',
    emptyServerMessage: 'Something went wrong.',
    timeout: 'Failed to send reset link. Please try again.',
    network: 'Failed to send reset link. Please try again.',
    noToken: 'Failed to send reset link. Please try again.',
    storageFull: STORAGE_FULL,
    storageBlocked: STORAGE_BLOCKED,
    other: 'Failed to send reset link. Please try again.',
  },
  resetPassword: {
    serverMessage: 'Email already registered',
    bodilessHttp: 'Failed to reset password.',
    emptyServerMessage: 'Failed to reset password.',
    timeout: 'Something went wrong. Try again.',
    network: 'Something went wrong. Try again.',
    noToken: 'Something went wrong. Try again.',
    storageFull: STORAGE_FULL,
    storageBlocked: STORAGE_BLOCKED,
    other: 'Something went wrong. Try again.',
  },
  confirmEmail: {
    serverMessage: 'Email already registered',
    bodilessHttp: 'Failed to confirm your email address.',
    emptyServerMessage: 'Failed to confirm your email address.',
    timeout: 'Something went wrong. Try again.',
    network: 'Something went wrong. Try again.',
    noToken: 'Something went wrong. Try again.',
    storageFull: STORAGE_FULL,
    storageBlocked: STORAGE_BLOCKED,
    other: 'Something went wrong. Try again.',
  },
  changePassword: {
    serverMessage: 'Email already registered',
    bodilessHttp: 'Failed to change password. Please try again.',
    emptyServerMessage: 'Failed to change password. Please try again.',
    timeout: CLIENT_TIMEOUT,
    network: CLIENT_NETWORK,
    noToken: 'Failed to change password. Please try again.',
    storageFull: STORAGE_FULL,
    storageBlocked: STORAGE_BLOCKED,
    other: 'Failed to change password. Please try again.',
  },
  accountBlock: {
    serverMessage: 'Email already registered',
    bodilessHttp: 'The request failed. Try again.',
    emptyServerMessage: 'The request failed. Try again.',
    timeout: CLIENT_TIMEOUT,
    network: CLIENT_NETWORK,
    noToken: 'The request failed. Try again.',
    storageFull: STORAGE_FULL,
    storageBlocked: STORAGE_BLOCKED,
    other: 'The request failed. Try again.',
  },
  settleConflict: {
    serverMessage: 'Email already registered',
    bodilessHttp: 'Could not settle this value. Try again.',
    emptyServerMessage: 'Could not settle this value. Try again.',
    timeout: 'Restore and Dismiss need a connection. Try again when you are online.',
    network: 'Restore and Dismiss need a connection. Try again when you are online.',
    noToken: 'Could not settle this value. Try again.',
    storageFull: STORAGE_FULL,
    storageBlocked: STORAGE_BLOCKED,
    other: 'Could not settle this value. Try again.',
  },
  invitation: {
    serverMessage: 'Email already registered',
    bodilessHttp: INVITATION_UNCHECKED,
    emptyServerMessage: INVITATION_UNCHECKED,
    timeout: INVITATION_UNCHECKED,
    network: INVITATION_UNCHECKED,
    noToken: INVITATION_UNCHECKED,
    storageFull: STORAGE_FULL,
    storageBlocked: STORAGE_BLOCKED,
    other: INVITATION_UNCHECKED,
  },
};

describe('describeFailure with each form’s wording', () => {
  for (const [form, expected] of Object.entries(EXPECTED)) {
    const wording = FAILURE_WORDING[form as keyof typeof FAILURE_WORDING];
    it.each(Object.entries(expected))(`${form}: %s`, (kind, message) => {
      expect(describeFailure(FAILURES[kind as Kind], wording)).toBe(message);
    });
  }

  it('passes the status to an `http` wording that is a function', () => {
    const wording = { http: (status: number | undefined) => `Failed (${status ?? 'none'})`, other: 'Failed' };
    expect(describeFailure(FAILURES.bodilessHttp, wording)).toBe('Failed (500)');
    expect(describeFailure(new ApiError('http', 'No status'), wording)).toBe('Failed (none)');
  });

  it('treats a thrown non-error value as any other failure', () => {
    expect(describeFailure('boom', FAILURE_WORDING.login)).toBe('Server error, please try again.');
    expect(describeFailure(undefined, FAILURE_WORDING.resetPassword)).toBe(
      'Something went wrong. Try again.',
    );
  });
});

describe('describeRequestFailure', () => {
  it('shows the server message first', () => {
    expect(describeRequestFailure(FAILURES.serverMessage, 'Failed to update user')).toBe(
      'Email already registered',
    );
  });

  it('names the status of an HTTP error without a message', () => {
    expect(describeRequestFailure(FAILURES.bodilessHttp, 'Failed to delete user')).toBe(
      'Failed to delete user (status 500).',
    );
  });

  it('uses the client’s explanation for a timeout or an unreachable server', () => {
    expect(describeRequestFailure(FAILURES.timeout, 'Failed to update user')).toBe(CLIENT_TIMEOUT);
    expect(describeRequestFailure(FAILURES.network, 'Failed to update user')).toBe(CLIENT_NETWORK);
  });

  it('falls back to the action for anything else', () => {
    expect(describeRequestFailure(FAILURES.other, 'Failed to update user')).toBe('Failed to update user.');
    expect(describeRequestFailure(new ApiError('http', 'No status'), 'Failed to update user')).toBe(
      'Failed to update user.',
    );
  });
});
