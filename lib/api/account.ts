import { getJson, putJson } from './http';

/** The signed-in account as GET/PUT /api/auth/account return it (docs/product.md#endpoint-account). */
export interface OwnAccount {
  fullName: string;
  email: string;
}

function toOwnAccount(body: unknown): OwnAccount {
  const user = ((body ?? {}) as { user?: Record<string, unknown> }).user ?? {};
  return {
    fullName: typeof user.fullName === 'string' ? user.fullName : '',
    email: typeof user.email === 'string' ? user.email : '',
  };
}

export async function fetchOwnAccount(options: { signal?: AbortSignal } = {}): Promise<OwnAccount> {
  return toOwnAccount(await getJson<unknown>('/api/auth/account', options));
}

export async function saveOwnName(fullName: string): Promise<{ account: OwnAccount; message?: string }> {
  const body = await putJson<{ message?: string } | undefined>('/api/auth/account', { fullName });
  return { account: toOwnAccount(body), message: body?.message };
}
