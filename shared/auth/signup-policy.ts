/**
 * Who may join (docs/decisions/0020-who-may-join.md): the sign-up modes, the allowed email domains
 * and the refusal each combination gives. Pure and free of zod, so the Admin Settings form and the
 * server share it.
 */
export const SIGNUP_MODES = ['open', 'invitation', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

export function isSignupMode(value: unknown): value is SignupMode {
  return (SIGNUP_MODES as readonly unknown[]).includes(value);
}

/** The labels Admin Settings shows for each mode. */
export const SIGNUP_MODE_LABELS: Record<SignupMode, string> = {
  open: 'Open',
  invitation: 'Invitation only',
  closed: 'Closed',
};

export interface SignupSettings {
  mode: SignupMode;
  /** Lower-cased domains; empty: any domain. */
  domains: string[];
}

/**
 * Who may sign up while no admin has saved the settings (docs/product.md#sign-up-settings, ADR 0041):
 * SIGNUP_MODE when it is set; unset, `open` without team sync (the original's free sign-up) and, with
 * team sync on, `open` only until the first admin exists, then `invitation` (a team's names and bells
 * are not for any visitor).
 */
export function presetSignupMode(options: {
  envMode: SignupMode | undefined;
  teamSync: boolean;
  adminExists: boolean;
}): SignupMode {
  if (options.envMode !== undefined) return options.envMode;
  return options.teamSync && options.adminExists ? 'invitation' : 'open';
}

/** More would be a directory, not a sign-up rule; also bounds the refusal sentence. */
export const SIGNUP_DOMAINS_MAX_COUNT = 50;
const DOMAIN_MAX_LENGTH = 253;
// Letters, digits and inner hyphens per label, two labels at least, a last label of letters (or
// punycode): 'example.com', 'mail.example.co.uk', 'xn--bcher-kva.example'.
const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export function isDomainName(value: string): boolean {
  return value.length <= DOMAIN_MAX_LENGTH && DOMAIN_PATTERN.test(value);
}

/**
 * A typed list of domains (commas or spaces between them, any case, an optional leading '@'),
 * lower-cased and without repeats; or the first entry that is not a domain name.
 */
export function parseDomainList(
  text: string,
): { domains: string[] } | { invalid: string } | { tooMany: true } {
  const domains: string[] = [];
  for (const entry of text.split(/[\s,;]+/)) {
    if (entry === '') continue;
    const domain = entry.toLowerCase().replace(/^@/, '');
    if (!isDomainName(domain)) return { invalid: entry };
    if (!domains.includes(domain)) domains.push(domain);
  }
  if (domains.length > SIGNUP_DOMAINS_MAX_COUNT) return { tooMany: true };
  return { domains };
}

/** The part after the last '@', lower-cased. */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Exact match only: `example.com` does not admit `mail.example.com` (list each one), so that a
 * subdomain someone else controls cannot get in.
 */
export function isEmailDomainAllowed(email: string, domains: readonly string[]): boolean {
  return domains.length === 0 || domains.includes(emailDomainOf(email));
}

/** 'a', 'a or b', 'a, b or c'. */
function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

export type SignupRefusalCode = 'SIGNUP_CLOSED' | 'INVITATION_REQUIRED' | 'DOMAIN_NOT_ALLOWED';

export interface SignupRefusal {
  code: SignupRefusalCode;
  message: string;
}

export const SIGNUP_CLOSED_MESSAGE =
  'Sign-up is closed on this server. Ask an administrator for an invitation.';
export const INVITATION_REQUIRED_MESSAGE =
  'Sign-up needs an invitation. Ask an administrator for an invitation link.';

export function domainRefusalMessage(domains: readonly string[]): string {
  return `Sign-up is limited to addresses at ${orList(domains)}. Use your work email or ask an administrator for an invitation.`;
}

/**
 * Why a sign-up without an invitation is refused, or null when it may go ahead. The first admin of
 * an install (no admin yet) is decided by the caller before this: it passes in every mode.
 */
export function refuseUninvitedSignup(settings: SignupSettings, email: string): SignupRefusal | null {
  if (settings.mode === 'closed') return { code: 'SIGNUP_CLOSED', message: SIGNUP_CLOSED_MESSAGE };
  if (settings.mode === 'invitation') {
    return { code: 'INVITATION_REQUIRED', message: INVITATION_REQUIRED_MESSAGE };
  }
  if (!isEmailDomainAllowed(email, settings.domains)) {
    return { code: 'DOMAIN_NOT_ALLOWED', message: domainRefusalMessage(settings.domains) };
  }
  return null;
}
