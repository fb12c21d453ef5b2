import { readFile } from 'node:fs/promises';
import { getOutboxFile } from '@/server/mailer';

/**
 * What the outbox file (mail without SMTP_URL) holds, empty when there is none yet. Integration tests
 * only: it reads the server's own setting (e2e specs import tests/helpers/smtp-sink.ts, which must not
 * pull server modules in).
 */
export async function outboxText(): Promise<string> {
  try {
    return await readFile(getOutboxFile(), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}
