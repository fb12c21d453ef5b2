import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP sink received it: the envelope and the raw message text. */
export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL. */
  url: string;
  /** The next message is refused with `refusal` (by default a 451, as a busy server answers). */
  refuseNext(refusal?: Error): void;
  close(): Promise<void>;
}

type SmtpSinkOptions = {
  /** Where accepted messages go, in order. */
  mails: ReceivedMail[];
  /** A fixed port; a free one by default. */
  port?: number;
  /** Asked for each message: an error returned refuses it (an SMTP 4xx/5xx), as a busy server does. */
  refuse?: () => Error | undefined;
  /** Only this login may send (AUTH over plain text, as the tests have no TLS); any login by default. */
  login?: { user: string; pass: string };
  /** Asked for each recipient: an error returned (with `responseCode`) refuses it. */
  refuseRecipient?: (address: string) => Error | undefined;
};

/**
 * A real SMTP server on 127.0.0.1 for the tests of mail (integration and e2e): it accepts anything,
 * without TLS or authentication (or only `login`, over plain text), and keeps every message it
 * accepts in `mails`.
 */
export async function startSmtpSink({
  mails,
  port = 0,
  refuse,
  login,
  refuseRecipient,
}: SmtpSinkOptions): Promise<SmtpSink> {
  let next: Error | null = null;
  const server = new SMTPServer({
    authOptional: login === undefined,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...(login
      ? {
          allowInsecureAuth: true,
          onAuth(auth, _session, callback) {
            if (auth.username === login.user && auth.password === login.pass) {
              callback(null, { user: auth.username });
              return;
            }
            callback(new Error('Authentication credentials invalid'));
          },
        }
      : {}),
    onRcptTo(address, _session, callback) {
      callback(refuseRecipient?.(address.address) ?? undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const refusal = next ?? refuse?.();
        next = null;
        if (refusal) {
          callback(refusal);
          return;
        }
        const { mailFrom, rcptTo } = session.envelope;
        mails.push({
          from: mailFrom ? mailFrom.address : undefined,
          to: rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: listening } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    refuseNext: (refusal = new Error('451 try again later')) => {
      next = refusal;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A message's headers (names lower-cased, folded lines joined) and its text body, decoded from
 * quoted-printable or base64, with LF line ends and no final newline. Enough for the single-part
 * text mails the app sends.
 */
export function parseMail(raw: string): { headers: Map<string, string>; text: string } {
  const separator = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, separator)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = raw.slice(separator + 4);
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') {
    const latin1 = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    body = Buffer.from(latin1, 'latin1').toString('utf8');
  } else if (encoding === 'base64') {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  return { headers, text: body.replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

/**
 * A multipart/alternative message's text and HTML parts (each decoded as parseMail does), and its
 * top-level headers: the shape of a mail sent with both `text` and `html`.
 */
export function parseAlternativeMail(raw: string): {
  headers: Map<string, string>;
  text: string;
  html: string;
} {
  const { headers } = parseMail(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error(`Not a multipart message: ${headers.get('content-type')}`);
  const parts = raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => parseMail(part.replace(/^\r\n/, '')));
  const find = (type: string) => {
    const part = parts.find((candidate) => candidate.headers.get('content-type')?.startsWith(type));
    if (!part) throw new Error(`No ${type} part`);
    return part.text;
  };
  return { headers, text: find('text/plain'), html: find('text/html') };
}

/** A port nothing listens on (bound, read and closed again): a mail server that refuses connections. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
