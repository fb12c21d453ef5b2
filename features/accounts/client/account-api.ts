import { getJson, putJson } from '@/shared/http/http';

/** The signed-in account as GET/PUT /api/auth/account return it (docs/product.md#endpoint-account). */
export interface OwnAccount {
  fullName: string;
  email: string;
  /** False when the address was never proved (GET only; a server without it counts as proved). */
  emailConfirmed: boolean;
}

function toOwnAccount(body: unknown): OwnAccount {
  const answer = (body ?? {}) as { user?: Record<string, unknown>; emailConfirmed?: unknown };
  const user = answer.user ?? {};
  return {
    fullName: typeof user.fullName === 'string' ? user.fullName : '',
    email: typeof user.email === 'string' ? user.email : '',
    emailConfirmed: answer.emailConfirmed !== false,
  };
}

export async function fetchOwnAccount(options: { signal?: AbortSignal } = {}): Promise<OwnAccount> {
  return toOwnAccount(await getJson<unknown>('/api/auth/account', options));
}

export async function saveOwnName(fullName: string): Promise<{ account: OwnAccount; message?: string }> {
  const body = await putJson<{ message?: string } | undefined>('/api/auth/account', { fullName });
  return { account: toOwnAccount(body), message: body?.message };
}
