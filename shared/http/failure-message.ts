import { StorageQuotaError, StorageUnavailableError } from '../browser-storage/local-store';
import { ApiError, MissingTokenError, serverMessageOf } from './http';

/** What Restore and Dismiss of a replaced value say while offline. */
export const NEEDS_CONNECTION_MESSAGE =
  'Restore and Dismiss need a connection. Try again when you are online.';

/**
 * What one form says for each way its request can fail. The server's own `message` always wins
 * over `http`; the storage errors always speak for themselves (the browser refused to keep the
 * session, so repeating the request would not help).
 */
export interface FailureWording {
  /** An HTTP error whose body carries no message; a function is given the status. */
  http: string | ((status: number | undefined) => string);
  /** No answer in time. Left out: the client's own explanation (`ApiError.message`). */
  timeout?: string;
  /** The server could not be reached. Left out: the client's own explanation. */
  network?: string;
  /** A 2xx answer to a log in or sign up without a token. Left out: `other`. */
  noToken?: string;
  /** Anything else: an unreadable answer, a bug. */
  other: string;
}

/** Turns whatever a form's request threw into the one line the form shows. */
export function describeFailure(error: unknown, wording: FailureWording): string {
  if (error instanceof StorageUnavailableError || error instanceof StorageQuotaError) return error.message;
  if (error instanceof MissingTokenError) return wording.noToken ?? wording.other;
  if (!(error instanceof ApiError)) return wording.other;
  switch (error.kind) {
    case 'http': {
      const fromServer = serverMessageOf(error);
      if (fromServer) return fromServer;
      return typeof wording.http === 'string' ? wording.http : wording.http(error.status);
    }
    case 'timeout':
      return wording.timeout ?? error.message;
    case 'network':
      return wording.network ?? error.message;
  }
}

const SERVER_ERROR = 'Server error, please try again.';
const SIGNUP_FAILED = 'Failed to create an account. Try again.';
const RESET_LINK_NOT_SENT = 'Failed to send reset link. Please try again.';
const RESET_OTHER_FAILURE = 'Something went wrong. Try again.';
const CHANGE_FAILED = 'Failed to change password. Please try again.';
const SETTLE_FAILED = 'Could not settle this value. Try again.';
const INVITATION_UNCHECKED =
  'Could not check this invitation. You can still sign up with it: the server checks it again.';

/**
 * The account forms' error catalogue. Log in, sign up, forgot and reset password word every kind
 * themselves; changing a password lets the client explain a timeout or an unreachable server.
 */
export const FAILURE_WORDING = {
  login: {
    http: 'Invalid credentials',
    timeout: 'Request timeout, please try again.',
    network: SERVER_ERROR,
    other: SERVER_ERROR,
  },
  /** Login's second step: the code of an account with two-factor sign-in on. */
  twoFactor: {
    http: 'The code could not be checked. Try again.',
    timeout: 'Request timeout, please try again.',
    network: SERVER_ERROR,
    other: SERVER_ERROR,
  },
  /** /login/sso taking the session a sign-in through the provider opened. */
  singleSignOn: {
    http: 'The sign-in could not be completed. Try again.',
    network: 'Could not reach the server. Check your connection, then try again.',
    other: 'The sign-in could not be completed. Try again.',
  },
  signup: {
    http: SIGNUP_FAILED,
    timeout: SIGNUP_FAILED,
    network: SIGNUP_FAILED,
    noToken: 'Failed to receive token. Try again.',
    other: SIGNUP_FAILED,
  },
  forgotPassword: {
    http: 'Something went wrong.',
    timeout: RESET_LINK_NOT_SENT,
    network: RESET_LINK_NOT_SENT,
    other: RESET_LINK_NOT_SENT,
  },
  resetPassword: {
    http: 'Failed to reset password.',
    timeout: RESET_OTHER_FAILURE,
    network: RESET_OTHER_FAILURE,
    other: RESET_OTHER_FAILURE,
  },
  /** The page of a mailed confirmation link, and the login screen's offer of a new link. */
  confirmEmail: {
    http: 'Failed to confirm your email address.',
    timeout: RESET_OTHER_FAILURE,
    network: RESET_OTHER_FAILURE,
    other: RESET_OTHER_FAILURE,
  },
  changePassword: { http: CHANGE_FAILED, other: CHANGE_FAILED },
  /** The profile's account blocks (two-factor sign-in, single sign-on): the server's reason, else this. */
  accountBlock: { http: 'The request failed. Try again.', other: 'The request failed. Try again.' },
  /** The sign-up screen checking an invitation link; a refused link's 403 carries its own reason. */
  invitation: {
    http: INVITATION_UNCHECKED,
    timeout: INVITATION_UNCHECKED,
    network: INVITATION_UNCHECKED,
    other: INVITATION_UNCHECKED,
  },
  /** Restore and Dismiss of a replaced value (team sync): offline, they wait for the user to retry. */
  settleConflict: {
    http: SETTLE_FAILED,
    timeout: NEEDS_CONNECTION_MESSAGE,
    network: NEEDS_CONNECTION_MESSAGE,
    other: SETTLE_FAILED,
  },
} as const satisfies Record<string, FailureWording>;

/**
 * An admin action's failure: the server's message (a 409 for the last admin, say), the client's
 * wording for a timeout or an unreachable server, else `action` with the status when there is one.
 */
export function describeRequestFailure(error: unknown, action: string): string {
  return describeFailure(error, {
    http: (status) => (status ? `${action} (status ${status}).` : `${action}.`),
    other: `${action}.`,
  });
}
