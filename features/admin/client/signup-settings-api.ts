import { isRole, type Role } from '@/shared/auth/role';
import { isSignupMode, type SignupMode } from '@/shared/auth/signup-policy';
import { deleteJson, getJson, postJson, putJson } from '@/shared/http/http';

/** GET/PUT /api/admin/signup-settings (docs/product.md#endpoint-signup-settings). */
export interface SignupSettingsState {
  mode: SignupMode;
  domains: string[];
  /**
   * Until the settings are saved: `environment`, SIGNUP_MODE / SIGNUP_DOMAINS decide; `team-default`,
   * team sync's default (open until the first admin, then invitation only).
   */
  source: 'environment' | 'team-default' | 'saved';
}

function toSignupSettings(body: unknown): SignupSettingsState {
  const { mode, domains, source } = (body ?? {}) as Record<string, unknown>;
  return {
    mode: isSignupMode(mode) ? mode : 'open',
    domains: Array.isArray(domains)
      ? domains.filter((domain): domain is string => typeof domain === 'string')
      : [],
    source: source === 'saved' || source === 'team-default' ? source : 'environment',
  };
}

/**
 * The reads of the Sign-up and Invitations blocks leave the session alone on a 401: those blocks are
 * additions to screens whose own requests decide when a session is over.
 */
const BLOCK_READ = { endSessionOn401: false } as const;

export async function fetchSignupSettings(options: { signal?: AbortSignal } = {}) {
  return toSignupSettings(
    await getJson<unknown>('/api/admin/signup-settings', { ...BLOCK_READ, ...options }),
  );
}

export async function saveSignupSettings(input: { mode: SignupMode; domains: string[] }) {
  const body = await putJson<{ message?: string } | undefined>('/api/admin/signup-settings', input);
  return { settings: toSignupSettings(body), message: body?.message };
}

/** An open invitation as GET /api/admin/invitations lists it (docs/product.md#endpoint-invitations). */
export interface OpenInvitation {
  id: string;
  email: string | null;
  role: Role;
  expiresAt: string;
}

function isOpenInvitation(value: unknown): value is OpenInvitation {
  if (typeof value !== 'object' || value === null) return false;
  const { id, email, role, expiresAt } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    (email === null || typeof email === 'string') &&
    isRole(role) &&
    typeof expiresAt === 'string'
  );
}

export async function fetchInvitations(options: { signal?: AbortSignal } = {}): Promise<OpenInvitation[]> {
  const body = await getJson<unknown>('/api/admin/invitations', { ...BLOCK_READ, ...options });
  return Array.isArray(body) ? body.filter(isOpenInvitation) : [];
}

export interface CreatedInvitation {
  invitation: OpenInvitation;
  /** Shown once: only the token's hash is kept on the server. */
  link: string;
  /** Set when the link was also mailed. */
  emailedTo: string | null;
}

/** POST /api/admin/invitations {email?, role}. */
export async function createInvitation(input: { email: string; role: Role }): Promise<CreatedInvitation> {
  const body = await postJson<Record<string, unknown> | undefined>('/api/admin/invitations', {
    email: input.email.trim() || null,
    role: input.role,
  });
  const { invitation, link, emailedTo } = body ?? {};
  if (!isOpenInvitation(invitation) || typeof link !== 'string') {
    throw new Error('The server answered without the invitation link.');
  }
  return { invitation, link, emailedTo: typeof emailedTo === 'string' ? emailedTo : null };
}

/** DELETE /api/admin/invitations/{id}. */
export function revokeInvitation(id: string) {
  return deleteJson<{ message?: string } | undefined>(`/api/admin/invitations/${encodeURIComponent(id)}`);
}
