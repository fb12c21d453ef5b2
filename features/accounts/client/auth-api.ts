import { LOGIN_TIMEOUT_MS } from '@/shared/constants';
import type { Role } from '@/shared/auth/role';
import { getJson, postJson, MissingTokenError } from '@/shared/http/http';

/** The account endpoints' answers, as far as the screens read them (docs/product.md#api). */
export interface AuthResponse {
  token?: string;
  role?: Role;
  user?: { fullName: string; email: string; role: Role };
  message?: string;
}

/** A login or sign-up answer that opens a session. */
export type SessionGrant = AuthResponse & { token: string };

function requireToken(response: AuthResponse | undefined): SessionGrant {
  if (!response?.token) throw new MissingTokenError();
  return { ...response, token: response.token };
}

export interface MessageResponse {
  message?: string;
}

/**
 * POST /api/auth/register {fullName, email, password, role}, plus `invite` when the screen was opened
 * from an invitation link; rejects an answer without a token.
 */
export async function registerAccount(input: {
  fullName: string;
  email: string;
  password: string;
  role: Role;
  invite?: string;
}): Promise<SessionGrant | ConfirmationSent> {
  // 202 (SIGNUP_DOMAINS): no session yet, the account waits for the link mailed to the address.
  let status = 0;
  const response = await postJson<AuthResponse>('/api/auth/register', input, {
    auth: false,
    fetch: async (...args: Parameters<typeof fetch>) => {
      const answer = await fetch(...args);
      status = answer.status;
      return answer;
    },
  });
  if (status === 202 && typeof response?.message === 'string' && response.message !== '') {
    return { confirmationSent: response.message };
  }
  return requireToken(response);
}

/** A sign-up that waits for the address to be confirmed: the server's sentence saying so. */
export interface ConfirmationSent {
  confirmationSent: string;
}

/** POST /api/auth/confirm-email {token}: the mailed link's token (docs/product.md#confirming-an-email-address). */
export function confirmEmailAddress(token: string) {
  return postJson<MessageResponse>('/api/auth/confirm-email', { token }, { auth: false });
}

/** POST /api/auth/confirm-email/resend {email}: a new confirmation link, if the address needs one. */
export function resendConfirmationLink(email: string) {
  return postJson<MessageResponse>('/api/auth/confirm-email/resend', { email }, { auth: false });
}

/**
 * POST /api/auth/oidc/session: the session a sign-in through the team's provider opened (its token
 * waits in a one-minute HttpOnly cookie, sent along by the browser); rejects an answer without a token.
 */
export async function takeSingleSignOnSession(): Promise<SessionGrant> {
  return requireToken(await postJson<AuthResponse>('/api/auth/oidc/session', undefined, { auth: false }));
}

/** What an invitation link fills in on the sign-up screen (GET /api/invitations/{token}). */
export interface InvitationDetails {
  role: Role;
  email: string | null;
}

/** GET /api/invitations/{token}: a 403 (expired, used, revoked, unknown) carries the reason as its message. */
export async function lookUpInvitation(token: string, options: { signal?: AbortSignal } = {}) {
  const body = await getJson<Record<string, unknown> | undefined>(
    `/api/invitations/${encodeURIComponent(token)}`,
    { auth: false, ...options },
  );
  return {
    role: body?.role === 'admin' ? 'admin' : 'user',
    email: typeof body?.email === 'string' ? body.email : null,
  } satisfies InvitationDetails;
}

/** Login's answer for an account with two-factor sign-in on: a code is asked for next. */
export interface TwoFactorStep {
  twoFactorRequired: true;
  challenge: string;
  message?: string;
}

/**
 * POST /api/auth/login {email, password, role}, aborted after LOGIN_TIMEOUT_MS: a session, or with
 * two-factor on, the challenge to send with the code; rejects an answer with neither.
 */
export async function logIn(input: {
  email: string;
  password: string;
  role: Role;
}): Promise<SessionGrant | TwoFactorStep> {
  const response = await postJson<AuthResponse & Partial<TwoFactorStep>>('/api/auth/login', input, {
    auth: false,
    timeoutMs: LOGIN_TIMEOUT_MS,
  });
  if (response?.twoFactorRequired === true && typeof response.challenge === 'string') {
    return { twoFactorRequired: true, challenge: response.challenge, message: response.message };
  }
  return requireToken(response);
}

/** POST /api/auth/login/two-factor {challenge, code}: login's second step; rejects an answer without a token. */
export async function logInWithCode(input: { challenge: string; code: string }): Promise<SessionGrant> {
  return requireToken(
    await postJson<AuthResponse>('/api/auth/login/two-factor', input, {
      auth: false,
      timeoutMs: LOGIN_TIMEOUT_MS,
    }),
  );
}

/** POST /api/forgot-password {email, role} (docs/product.md#endpoint-forgot-password). */
export function requestPasswordResetLink(input: { email: string; role: Role }) {
  return postJson<MessageResponse>('/api/forgot-password', input, { auth: false });
}

/** POST /api/reset-password {token, password} (docs/product.md#endpoint-reset-password). */
export function submitNewPassword(input: { token: string; password: string }) {
  return postJson<MessageResponse>('/api/reset-password', input, { auth: false });
}

export interface ChangePasswordResponse {
  message?: string;
  /** Replaces the stored token: the change ends every session issued before it. */
  token?: string;
}

/** POST /api/auth/change-password {currentPassword, newPassword}, as the signed-in user. */
export function changePassword(input: { currentPassword: string; newPassword: string }) {
  return postJson<ChangePasswordResponse>('/api/auth/change-password', input);
}

/** GET /api/auth/two-factor: whether the signed-in account has two-factor sign-in on (and must). */
export async function getTwoFactorStatus(
  options: { signal?: AbortSignal } = {},
): Promise<{ enabled: boolean; required: boolean }> {
  // A block of the profile: a refused token is the screen's own requests' to deal with.
  const body = await getJson<Record<string, unknown> | undefined>('/api/auth/two-factor', {
    endSessionOn401: false,
    ...options,
  });
  return { enabled: body?.enabled === true, required: body?.required === true };
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

/** POST /api/auth/two-factor/setup: a new secret (QR code and text) waiting for its first code. */
export function startTwoFactorSetup() {
  return postJson<TwoFactorSetup>('/api/auth/two-factor/setup');
}

/** POST /api/auth/two-factor/enable {code}: the recovery codes (shown once) and a fresh token. */
export function enableTwoFactor(code: string) {
  return postJson<{ message?: string; recoveryCodes?: string[]; token?: string }>(
    '/api/auth/two-factor/enable',
    { code },
  );
}

/** POST /api/auth/two-factor/disable {code}: a fresh token. */
export function disableTwoFactor(code: string) {
  return postJson<{ message?: string; token?: string }>('/api/auth/two-factor/disable', { code });
}

/** The profile's view of single sign-on: the team's provider (null: not set up) and whether the account is linked. */
export interface SingleSignOnLink {
  provider: { name: string } | null;
  linked: boolean;
}

/** GET /api/auth/oidc/link (docs/product.md#single-sign-on). */
export async function getSingleSignOnLink(options: { signal?: AbortSignal } = {}): Promise<SingleSignOnLink> {
  // A block of the profile: a refused token is the screen's own requests' to deal with.
  const body = await getJson<Record<string, unknown> | undefined>('/api/auth/oidc/link', {
    endSessionOn401: false,
    ...options,
  });
  const provider = body?.provider as { name?: unknown } | null | undefined;
  return {
    provider: provider && typeof provider.name === 'string' ? { name: provider.name } : null,
    linked: body?.linked === true,
  };
}

/**
 * POST /api/auth/oidc/link: the provider's address to open next. The flow (this account, this
 * session) waits in an HttpOnly cookie; the provider sends the browser back to the profile.
 */
export async function startSingleSignOnLink(): Promise<string> {
  const body = await postJson<{ url?: unknown }>('/api/auth/oidc/link');
  if (typeof body?.url !== 'string' || body.url === '')
    throw new Error('The server answered without an address.');
  return body.url;
}
