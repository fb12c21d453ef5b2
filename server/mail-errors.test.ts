import { createServer, type AddressInfo, type Server } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@/tests/helpers/smtp-sink';
import { describeMailError, mailServerAddress } from './mail-errors';

/**
 * Each failure is provoked for real (a closed port, a server that never greets, a wrong login, TLS
 * spoken to a plain server, refusals), so the sentences follow what nodemailer actually throws.
 */
const mails: ReceivedMail[] = [];
let plain: SmtpSink;
let withLogin: SmtpSink;
let busy: SmtpSink;
let silent: Server;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

/** The error nodemailer throws when sending one mail through `url` (fails the test if it is sent). */
async function failureOf(url: string, to = 'someone@example.com', timeoutMs = 10_000): Promise<unknown> {
  const transport = nodemailer.createTransport({
    url,
    // Long enough for a real server on a busy machine; the silent server's test shortens it.
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.sendMail({
      from: 'Tasklane <no-reply@tasklane.test>',
      to,
      subject: 'Test',
      text: 'Test',
    });
  } catch (error) {
    return error;
  }
  throw new Error(`The mail through ${url} was sent`);
}

beforeAll(async () => {
  plain = await startSmtpSink({
    mails,
    refuseRecipient: (address) =>
      address.startsWith('nobody@')
        ? Object.assign(new Error('No such user here'), { responseCode: 550 })
        : undefined,
  });
  withLogin = await startSmtpSink({ mails, login: { user: 'mailer', pass: 'right-password' } });
  busy = await startSmtpSink({ mails, refuse: () => new Error('451 try again later') });
  silent = createServer(() => undefined);
});

afterAll(async () => {
  await Promise.all([plain.close(), withLogin.close(), busy.close()]);
  await new Promise((resolve) => silent.close(resolve));
});

const port = (sink: SmtpSink) => new URL(sink.url).port;

describe('describeMailError', () => {
  it('says the connection was refused, naming host:port, for a port nothing listens on', async () => {
    const closed = createServer();
    const closedPort = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const url = `smtp://127.0.0.1:${closedPort}`;
    expect(describeMailError(await failureOf(url), url)).toBe(
      `The mail server at 127.0.0.1:${closedPort} refused the connection. Check the host and port in SMTP_URL and that the mail server is running.`,
    );
  });

  it('says the server did not answer in time when it never greets', async () => {
    const url = `smtp://127.0.0.1:${await listen(silent)}`;
    expect(describeMailError(await failureOf(url, 'someone@example.com', 1_000), url)).toMatch(
      /^The mail server at 127\.0\.0\.1:\d+ did not answer in time\./,
    );
  });

  it('says the login was refused, with the server’s reply, and never repeats the password', async () => {
    const url = `smtp://mailer:wrong-secret@127.0.0.1:${port(withLogin)}`;
    const sentence = describeMailError(await failureOf(url), url);
    expect(sentence).toBe(
      `The mail server at 127.0.0.1:${port(withLogin)} refused the user name or password in SMTP_URL. It said: “535 Authentication credentials invalid”. Check the login and that the account may send mail.`,
    );
    expect(sentence).not.toContain('wrong-secret');
  });

  it('says a login is needed when the server wants one and SMTP_URL has none', async () => {
    const url = `smtp://127.0.0.1:${port(withLogin)}`;
    expect(describeMailError(await failureOf(url), url)).toMatch(
      /wants a user name and password before it takes mail\. It said: “530 .*authentication Required”\. Add them to SMTP_URL/,
    );
  });

  it('says a secure connection could not be set up for smtps:// to a plain port', async () => {
    const url = `smtps://127.0.0.1:${port(plain)}`;
    expect(describeMailError(await failureOf(url), url)).toMatch(
      /^A secure connection to the mail server at 127\.0\.0\.1:\d+ could not be set up \(wrong version number\)\. Check that SMTP_URL uses smtps:\/\//,
    );
  });

  it('says STARTTLS failed when TLS is required and the server cannot upgrade', async () => {
    const url = `smtp://127.0.0.1:${port(plain)}?requireTLS=true`;
    expect(describeMailError(await failureOf(url), url)).toMatch(
      /^A secure connection to the mail server at 127\.0\.0\.1:\d+ could not be set up\. It said: “500 /,
    );
  });

  it('says the recipient was refused (5xx) and that a busy server should be tried again (4xx)', async () => {
    const refused = describeMailError(await failureOf(plain.url, 'nobody@example.com'), plain.url);
    expect(refused).toBe(
      `The mail server at 127.0.0.1:${port(plain)} refused the recipient. It said: “550 No such user here”. Check the address, and MAIL_FROM: many servers only send from their own domain.`,
    );
    const later = describeMailError(await failureOf(busy.url), busy.url);
    expect(later).toMatch(
      /could not take the message for now\. It said: “45\d .*try again later”\. Try again in a few minutes\.$/,
    );
  });

  it('says the host name could not be found (the error getaddrinfo gives)', () => {
    const error = Object.assign(new Error('getaddrinfo ENOTFOUND smtp.example.invalid'), {
      code: 'EDNS',
      errno: -3008,
      syscall: 'getaddrinfo',
      command: 'CONN',
    });
    expect(describeMailError(error, 'smtps://u:p@smtp.example.invalid')).toBe(
      'The mail server’s name in SMTP_URL (smtp.example.invalid:465) could not be found. Check the host name in SMTP_URL.',
    );
  });

  it('falls back to the error’s own words without the login', () => {
    const url = 'smtp://alice:hunter22@mail.example.com:2525';
    expect(describeMailError(new Error('odd failure for alice with hunter22'), url)).toBe(
      'The email could not be sent through the mail server at mail.example.com:2525: odd failure for *** with ***. Check SMTP_URL and the mail server.',
    );
  });
});

describe('mailServerAddress', () => {
  it('gives host:port with the port the scheme implies, and never the login', () => {
    expect(mailServerAddress('smtps://user:pw@smtp.example.com')).toBe('smtp.example.com:465');
    expect(mailServerAddress('smtp://user:pw@smtp.example.com')).toBe('smtp.example.com:587');
    expect(mailServerAddress('smtp://mailpit:1025')).toBe('mailpit:1025');
    expect(mailServerAddress('not a url')).toBe('the mail server in SMTP_URL');
  });
});
