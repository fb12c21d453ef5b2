/**
 * Single sign-on through the team's OpenID Connect provider (docs/decisions/0034-single-sign-on.md):
 * the rules both sides share — which issuers are accepted, the failures a sign-in can end in and
 * their sentences on /login, and who is made an admin by their groups. Pure: the login screen and the
 * server import it.
 */
import { INVITATION_REQUIRED_MESSAGE, SIGNUP_CLOSED_MESSAGE } from './signup-policy';

/** The button's words when OIDC_NAME is not set. */
export const DEFAULT_PROVIDER_NAME = 'single sign-on';

/** What the login and sign-up screens need to know, rendered by the server (null: not configured). */
export interface SingleSignOnSettings {
  /** OIDC_NAME: the provider as the team knows it ("Acme SSO"). */
  name: string;
  /** OIDC_ONLY: the password form is hidden; only the break-glass admin may still use it. */
  only: boolean;
}

/**
 * The page that stands in for `/login` or `/signup` when single sign-on is set up (proxy.ts rewrites
 * to it; the address stays), or null. The plain pages stay static without it.
 */
export function providerPageFor(pathname: string, issuer: string | undefined): string | null {
  if (!issuer?.trim()) return null;
  return pathname === '/login' || pathname === '/signup' ? `/sso${pathname}` : null;
}

export function signInWithLabel(name: string): string {
  return `Sign in with ${name}`;
}

/**
 * An issuer must be https; plain http only on this machine (127.0.0.0/8, ::1, localhost), which is
 * how a provider runs beside the app in tests. A provider reached over plain http elsewhere could have
 * its keys and tokens swapped on the way.
 */
export function isAllowedIssuer(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** The ways a sign-in through the provider can fail, as the `sso_error` parameter of /login. */
export const SSO_FAILURES = [
  'state',
  'expired',
  'unverified',
  'no-email',
  'unreachable',
  'denied',
  'refused',
  'closed',
  'invitation',
  'domain',
  'invite-invalid',
  'invite-mismatch',
  'unconfirmed',
  'linked-elsewhere',
  'too-many',
  'disabled',
  'failed',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

export const SSO_ERROR_PARAM = 'sso_error';

export function isSsoFailure(value: unknown): value is SsoFailure {
  return (SSO_FAILURES as readonly unknown[]).includes(value);
}

/** The sentence /login shows for a failure: what happened, and what to do. */
export function ssoFailureMessage(failure: SsoFailure, name: string): string {
  switch (failure) {
    case 'state':
      return `The sign-in with ${name} could not be matched to this browser (it was started in another tab or browser, or too long ago). Try again.`;
    case 'expired':
      return `The sign-in with ${name} expired before it finished. Try again.`;
    case 'unverified':
      return `Your email address at ${name} is not verified. Verify it there, then try again.`;
    case 'no-email':
      return `${name} did not tell us your email address. Ask your administrator to allow the email scope for Tasklane.`;
    case 'unreachable':
      return `${name} cannot be reached right now. Try again later, or log in with your password.`;
    case 'denied':
      return `The sign-in was cancelled at ${name}.`;
    case 'refused':
      return `${name} refused the sign-in. Ask your administrator to check Tasklane's settings there.`;
    case 'closed':
      return SIGNUP_CLOSED_MESSAGE;
    case 'invitation':
      return INVITATION_REQUIRED_MESSAGE;
    case 'domain':
      return `Sign-up is limited to other email domains. Use your work account at ${name}, or ask an administrator for an invitation.`;
    case 'invite-invalid':
      return 'This invitation link is no longer valid (used, revoked or expired). Ask an administrator for a new one.';
    case 'invite-mismatch':
      return `This invitation is for another email address than your account at ${name}. Ask an administrator for a new invitation.`;
    case 'unconfirmed':
      return `An account with this email already exists, but its address has not been confirmed, so ${name} cannot open it. If it is yours, set a new password with Forgot Password? (the emailed link confirms the address), then sign in with ${name} again. If you know its password, log in and link ${name} from your profile.`;
    case 'linked-elsewhere':
      return `The account with this email is linked to another ${name} account. Sign in with that one, or ask an administrator.`;
    case 'too-many':
      return 'Too many sign-in attempts from your network. Wait a few minutes, then try again.';
    case 'disabled':
      return `Single sign-on is not set up on this server.`;
    case 'failed':
      return `The sign-in with ${name} could not be completed. Try again.`;
  }
}

/**
 * How linking the provider from the profile ended, as the `sso_link` parameter of the profile the
 * callback returns to: linked, one of the flow's failures, or a refusal of the link itself.
 */
export const SSO_LINK_PARAM = 'sso_link';
const LINK_REFUSALS = [
  'linked',
  /** The provider's identity already opens another Tasklane account. */
  'taken',
  /** This account is already bound to another identity at the provider. */
  'other-identity',
  /** The session that started the link ended meanwhile (logout everywhere, password change). */
  'ended',
] as const;
export type SsoLinkOutcome = (typeof LINK_REFUSALS)[number] | SsoFailure;

export function isSsoLinkOutcome(value: unknown): value is SsoLinkOutcome {
  return (LINK_REFUSALS as readonly unknown[]).includes(value) || isSsoFailure(value);
}

/** The profile (the caller's area) with how the link ended. */
export function profileAfterLink(role: 'user' | 'admin', outcome: SsoLinkOutcome): string {
  const page = role === 'admin' ? '/admin/profile' : '/user/profile';
  return `${page}?${new URLSearchParams({ [SSO_LINK_PARAM]: outcome })}`;
}

/** The sentence the profile shows for a link's outcome. */
export function ssoLinkMessage(outcome: SsoLinkOutcome, name: string): string {
  switch (outcome) {
    case 'linked':
      return `Your account is linked to ${name}. You can now sign in with ${name}.`;
    case 'taken':
      return `That ${name} account already opens another Tasklane account, so it cannot be linked to yours. Ask an administrator if it should be yours.`;
    case 'other-identity':
      return `Your account is already linked to another ${name} account.`;
    case 'ended':
      return `Your session ended before the link with ${name} finished. Log in and try again.`;
    case 'unreachable':
      return `${name} cannot be reached right now. Try again later.`;
    case 'state':
    case 'expired':
      return `The link with ${name} expired or was started in another tab. Try again.`;
    case 'failed':
      return `The link with ${name} could not be completed. Try again.`;
    default:
      return ssoFailureMessage(outcome, name);
  }
}

/** Group names from OIDC_ADMIN_GROUPS: commas or spaces between them, kept as typed (case matters). */
export function parseGroupList(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/**
 * The claim named by OIDC_GROUPS_CLAIM: a top-level name (`groups`), or a dotted path into nested
 * objects (`realm_access.roles`, Keycloak's realm roles). Undefined when any step is missing.
 */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  if (path in claims) return claims[path];
  let value: unknown = claims;
  for (const step of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/**
 * Whether the provider's groups claim (an array of names, or one name) holds one of `adminGroups`.
 * Anything else in the claim (numbers, objects) counts as no group.
 */
export function isInAdminGroup(claim: unknown, adminGroups: readonly string[]): boolean {
  const groups = Array.isArray(claim) ? claim : [claim];
  return groups.some((group) => typeof group === 'string' && adminGroups.includes(group));
}
