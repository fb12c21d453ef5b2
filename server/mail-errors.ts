import 'server-only';

/**
 * What went wrong when a mail could not be sent, in one sentence an administrator can act on
 * (docs/product.md#send-a-test-email): the command line's `send-test-mail` and Admin Settings'
 * "Send a test email" both say it. Written from the errors nodemailer really throws (see
 * mail-errors.test.ts, which provokes each against a real server): `code` is nodemailer's (ESOCKET,
 * ETIMEDOUT, EAUTH, ETLS, EENVELOPE, EMESSAGE, EDNS, ...), `errno`/`syscall` Node's, `response` the
 * mail server's own reply. The SMTP_URL's user name and password never appear in the sentence.
 */

type MailErrorShape = {
  code?: unknown;
  errno?: unknown;
  syscall?: unknown;
  command?: unknown;
  response?: unknown;
  responseCode?: unknown;
  reason?: unknown;
  message?: unknown;
};

/** `host:port` of an SMTP URL (the port its scheme implies when none is written), never the login. */
export function mailServerAddress(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    const secure = url.protocol === 'smtps:';
    return `${url.hostname}:${url.port || (secure ? '465' : '587')}`;
  } catch {
    return 'the mail server in SMTP_URL';
  }
}

/** The mail server's reply, as it sent it, shortened; the login is cut out in case a server echoes it. */
function serverReply(text: unknown, smtpUrl: string): string | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  let reply = text.replace(/\s+/g, ' ').trim();
  for (const secret of loginParts(smtpUrl)) reply = reply.split(secret).join('***');
  return reply.length > 200 ? `${reply.slice(0, 199)}…` : reply;
}

function loginParts(smtpUrl: string): string[] {
  try {
    const url = new URL(smtpUrl);
    return [url.password, decodeURIComponent(url.password), url.username, decodeURIComponent(url.username)]
      .filter((part) => part.length >= 3)
      .sort((a, b) => b.length - a.length);
  } catch {
    return [];
  }
}

const TLS_HINT =
  'Check that SMTP_URL uses smtps:// for a port that starts with TLS (465) and smtp:// for one that upgrades with STARTTLS (587, 25), and that the server’s certificate is valid.';

function isTlsProblem(error: MailErrorShape, message: string): boolean {
  if (error.code === 'ETLS') return true;
  if (typeof error.reason === 'string' && /ssl|tls|version/i.test(String(error.reason))) return true;
  return /SSL routines|certificate|self[- ]signed|CERT_|TLS|wrong version number/i.test(message);
}

/** One sentence saying why a mail could not be sent to `to` through `smtpUrl`, and what to check. */
export function describeMailError(error: unknown, smtpUrl: string): string {
  const shape: MailErrorShape = typeof error === 'object' && error !== null ? (error as MailErrorShape) : {};
  const server = mailServerAddress(smtpUrl);
  const message = typeof shape.message === 'string' ? shape.message : String(error);
  const reply = serverReply(shape.response, smtpUrl);
  const said = reply ? ` It said: “${reply}”.` : '';
  const errno = typeof shape.errno === 'number' || typeof shape.errno === 'string' ? shape.errno : undefined;
  const nodeCode = /\b(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE)\b/.exec(
    message,
  )?.[1];

  if (nodeCode === 'ECONNREFUSED' || errno === -111) {
    return `The mail server at ${server} refused the connection. Check the host and port in SMTP_URL and that the mail server is running.`;
  }
  if (shape.code === 'EDNS' || nodeCode === 'ENOTFOUND' || nodeCode === 'EAI_AGAIN') {
    return `The mail server’s name in SMTP_URL (${server}) could not be found. Check the host name in SMTP_URL.`;
  }
  if (nodeCode === 'EHOSTUNREACH' || nodeCode === 'ENETUNREACH') {
    return `The mail server at ${server} cannot be reached from this server (no route to it). Check the host in SMTP_URL and the network between them.`;
  }
  if (shape.code === 'ETIMEDOUT') {
    return `The mail server at ${server} did not answer in time. Check the host and port in SMTP_URL, and that no firewall blocks the way to it.`;
  }
  if (shape.code === 'EAUTH') {
    return `The mail server at ${server} refused the user name or password in SMTP_URL.${said} Check the login and that the account may send mail.`;
  }
  if (isTlsProblem(shape, message)) {
    const detail = typeof shape.reason === 'string' ? ` (${shape.reason})` : '';
    return `A secure connection to the mail server at ${server} could not be set up${detail}.${said} ${TLS_HINT}`;
  }
  if (shape.code === 'EENVELOPE' && shape.responseCode === 530) {
    return `The mail server at ${server} wants a user name and password before it takes mail.${said} Add them to SMTP_URL (smtp://user:password@host:port).`;
  }
  if (shape.code === 'EENVELOPE' || shape.code === 'EMESSAGE' || typeof shape.responseCode === 'number') {
    const code = typeof shape.responseCode === 'number' ? shape.responseCode : 0;
    if (code >= 400 && code < 500) {
      return `The mail server at ${server} could not take the message for now.${said} Try again in a few minutes.`;
    }
    const what = shape.command === 'RCPT TO' ? 'the recipient' : 'the message';
    return `The mail server at ${server} refused ${what}.${said} Check the address, and MAIL_FROM: many servers only send from their own domain.`;
  }
  if (nodeCode === 'ECONNRESET' || nodeCode === 'EPIPE' || shape.code === 'ESOCKET') {
    return `The connection to the mail server at ${server} broke off. Check the port in SMTP_URL (and smtps:// or smtp://) and that the mail server is running.`;
  }
  const short = serverReply(message, smtpUrl) ?? 'unknown error';
  return `The email could not be sent through the mail server at ${server}: ${short}. Check SMTP_URL and the mail server.`;
}
