import { GENERIC_INVALID_RESPONSE_MESSAGE, getJson, putJson } from '@/shared/http/http';

/** "Email me what I miss" (docs/product.md#endpoint-email-of-what-you-miss). */
export type DigestSetting = { digest: boolean; sending: boolean };

function isDigestSetting(value: unknown): value is DigestSetting {
  if (typeof value !== 'object' || value === null) return false;
  const { digest, sending } = value as Record<string, unknown>;
  return typeof digest === 'boolean' && typeof sending === 'boolean';
}

export async function fetchDigestSetting(): Promise<DigestSetting> {
  const body = await getJson<unknown>('/api/reminders/digest');
  if (!isDigestSetting(body)) throw new Error(GENERIC_INVALID_RESPONSE_MESSAGE);
  return { digest: body.digest, sending: body.sending };
}

export async function saveDigestSetting(digest: boolean): Promise<DigestSetting & { message: string }> {
  const body = await putJson<unknown>('/api/reminders/digest', { digest });
  if (!isDigestSetting(body)) throw new Error(GENERIC_INVALID_RESPONSE_MESSAGE);
  const { message } = body as { message?: unknown };
  return { digest: body.digest, sending: body.sending, message: typeof message === 'string' ? message : '' };
}
