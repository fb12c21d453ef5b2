import { postJson } from '@/shared/http/http';

/** POST /api/admin/test-mail's answer (docs/product.md#endpoint-test-mail). */
export interface TestMailSent {
  /** `smtp`: the mail server took it; `outbox`: no mail server is configured. */
  delivered: 'smtp' | 'outbox';
  message: string;
}

/** Sends a test email to `to` ('' for the admin's own email); a mail server's refusal is a 502 ApiError. */
export async function sendTestMail(to: string): Promise<TestMailSent> {
  const body = await postJson<Record<string, unknown> | undefined>('/api/admin/test-mail', { to: to.trim() });
  const { delivered, message } = body ?? {};
  if (typeof message !== 'string') throw new Error('The server answered without saying what happened.');
  return { delivered: delivered === 'outbox' ? 'outbox' : 'smtp', message };
}
