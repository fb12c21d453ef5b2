import { afterAll, beforeAll, beforeEach } from 'vitest';
import { applyTestEnv } from '@/tests/setup/integration';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink';

/**
 * For an integration file about the server's emails: a real SMTP sink started once, the app set to
 * TEAM_SYNC=on with SMTP_URL pointing at it (APP_URL `http://tasklane.test`), `received` emptied
 * before each test, `failNext()` to have the next message refused as a busy server does (451), and
 * `url()` to point SMTP_URL at it again after a test changed it.
 */
export function setUpMailSink(): { received: ReceivedMail[]; failNext: () => void; url: () => string } {
  const received: ReceivedMail[] = [];
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink({ mails: received });
    await applyTestEnv({ TEAM_SYNC: 'on', SMTP_URL: sink.url, APP_URL: 'http://tasklane.test' });
  });

  afterAll(async () => {
    await sink.close();
    await applyTestEnv();
  });

  beforeEach(() => {
    received.length = 0;
  });

  return {
    received,
    failNext: () => sink.refuseNext(),
    url: () => sink.url,
  };
}
