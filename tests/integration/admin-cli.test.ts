import { readFile, rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as resetPassword } from '@/app/api/reset-password/route';
import { runAdminCli, type CliIo } from '@/server/entry/admin-cli';
import { getDatabase } from '@/server/db';
import { getOutboxFile } from '@/server/mailer';
import { call } from '@/tests/helpers/api';
import { createUser, loginAs } from '@/tests/helpers/factories';
import {
  parseMail,
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
  closedPort,
} from '@/tests/helpers/smtp-sink';
import { applyTestEnv } from '@/tests/setup/integration';

/** `npm run admin -- …` in process, on this worker's database: its exit status and what it printed. */
async function admin(
  args: string[],
  options: { stdin?: string; answers?: string[] } = {},
): Promise<{ status: number; out: string; err: string; asked: number }> {
  const out: string[] = [];
  let asked = 0;
  const err: string[] = [];
  const answers = [...(options.answers ?? [])];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readStdin: async () => options.stdin ?? '',
    promptSecret: options.answers
      ? async () => {
          asked += 1;
          return answers.shift() ?? '';
        }
      : null,
  };
  const status = await runAdminCli(args, io);
  return { status, out: out.join('\n'), err: err.join('\n'), asked };
}

const received: ReceivedMail[] = [];
let sink: SmtpSink;

async function roleOf(email: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.users).where(eq(tables.users.email, email));
  return row?.role;
}

beforeAll(async () => {
  sink = await startSmtpSink({ mails: received });
});

beforeEach(async () => {
  received.length = 0;
  await rm(getOutboxFile(), { force: true });
  // SMTP_URL is not among the base test values: a test's own is taken away here.
  await applyTestEnv({ SMTP_URL: undefined });
});

afterAll(async () => {
  await sink.close();
  await applyTestEnv({ SMTP_URL: undefined });
});

describe('admin command line: usage', () => {
  it('prints the usage alone with no command (status 2), and on help (status 0)', async () => {
    const none = await admin([]);
    expect(none.status).toBe(2);
    expect(none.err).toMatch(/^Usage: npm run admin -- <command> \[options\]/);
    expect(none.out).toBe('');
    const help = await admin(['help']);
    expect(help.status).toBe(0);
    expect(help.out).toContain('set-role EMAIL admin|user');
  });

  it('answers 2 with a sentence and the usage for an unknown command, option or role', async () => {
    for (const [args, first] of [
      [['frobnicate'], 'Unknown command "frobnicate".'],
      [['list-users', '--emial'], "Unknown option '--emial'."],
      [['list-users', '--print'], 'list-users does not take --print.'],
      [['set-role', 'a@example.com', 'boss'], 'Give the role: admin or user.'],
      [['reset-password'], 'Give the account’s email.'],
      [['create-admin', '--email', 'a@example.com'], 'create-admin needs --email and --name.'],
    ] as const) {
      const result = await admin([...args]);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.err.split('\n')[0]).toBe(first);
      expect(result.err).toContain('Usage: npm run admin');
    }
  });
});

describe('admin command line: create-admin', () => {
  it('creates an admin from --password-stdin who can log in as one', async () => {
    const result = await admin(
      ['create-admin', '--email', ' Ada@Example.com ', '--name', 'Ada Admin', '--password-stdin'],
      {
        stdin: 'a long password\n',
      },
    );
    expect(result).toMatchObject({
      status: 0,
      out: 'Created the administrator ada@example.com (Ada Admin). They can log in at http://tasklane.test/login?role=admin',
      err: '',
    });
    const session = await call(login, '/api/auth/login', {
      body: { email: 'ada@example.com', password: 'a long password' },
    });
    expect(session.status).toBe(200);
    expect(session.body.role).toBe('admin');
  });

  it('generates a password, shows it once, and it works', async () => {
    const result = await admin([
      'create-admin',
      '--email',
      'gen@example.com',
      '--name',
      'Gen',
      '--generate-password',
    ]);
    expect(result.status).toBe(0);
    const password = /^Password \(shown once, store it now\): ([A-Za-z0-9_-]{24})$/m.exec(result.out)?.[1];
    expect(password, result.out).toBeDefined();
    await expect(loginAs('gen@example.com', password)).resolves.toEqual(expect.any(String));
  });

  it('asks twice in a terminal, and creates nothing when the answers differ', async () => {
    const differ = await admin(['create-admin', '--email', 'tty@example.com', '--name', 'Tty'], {
      answers: ['first password', 'other password'],
    });
    expect(differ).toMatchObject({
      status: 1,
      err: 'The two passwords differ. Nothing was created; run the command again.',
    });
    expect(await roleOf('tty@example.com')).toBeUndefined();
    const same = await admin(['create-admin', '--email', 'tty@example.com', '--name', 'Tty'], {
      answers: ['same password', 'same password'],
    });
    expect(same.status).toBe(0);
    expect(await roleOf('tty@example.com')).toBe('admin');
  });

  it('without a terminal and without a password option, says how to give one (status 2)', async () => {
    const result = await admin(['create-admin', '--email', 'x@example.com', '--name', 'X']);
    expect(result.status).toBe(2);
    expect(result.err.split('\n')[0]).toBe(
      'No password given: stdin is not a terminal, so it cannot be asked for. Use --password-stdin (and pipe it in) or --generate-password.',
    );
  });

  it('applies the sign-up rules to the email, name and password', async () => {
    const cases = [
      [['--email', 'not-an-email', '--name', 'N'], 'long enough pw', 'Enter a valid email address.'],
      [['--email', 'n@example.com', '--name', '  '], 'long enough pw', 'Full name is required.'],
      [
        ['--email', 'n@example.com', '--name', 'N'],
        'short',
        'Password must be at least 8 characters. Nothing was created.',
      ],
    ] as const;
    for (const [args, stdin, message] of cases) {
      const result = await admin(['create-admin', ...args, '--password-stdin'], { stdin });
      expect(result, message).toMatchObject({ status: 1, err: message });
    }
    expect(await roleOf('n@example.com')).toBeUndefined();
  });

  it('refuses an email that already has an account, and changes nothing about it', async () => {
    const member = await createUser({ email: 'taken@example.com', role: 'user' });
    const result = await admin(['create-admin', '--email', 'TAKEN@example.com', '--name', 'T'], {
      answers: ['another password', 'another password'],
    });
    expect(result).toMatchObject({
      status: 1,
      err: 'An account with the email taken@example.com already exists; nothing was changed. To make it an administrator, run set-role taken@example.com admin.',
    });
    // Refused before the password is asked for.
    expect(result.asked).toBe(0);
    expect(await roleOf(member.email)).toBe('user');
    await expect(loginAs('taken@example.com')).resolves.toEqual(expect.any(String));
  });
});

describe('admin command line: set-role', () => {
  it('promotes and demotes, with the admin screen’s last-admin rule and sentence', async () => {
    await createUser({ email: 'boss@example.com', role: 'admin' });
    await createUser({ email: 'member@example.com', role: 'user' });
    expect(await admin(['set-role', 'member@example.com', 'admin'])).toMatchObject({
      status: 0,
      out: 'member@example.com is now an administrator.',
      err: '',
    });
    expect(await admin(['set-role', 'boss@example.com', 'user'])).toMatchObject({
      status: 0,
      out: 'boss@example.com is now a team member.',
    });
    const last = await admin(['set-role', 'Member@example.com', 'user']);
    expect(last).toMatchObject({ status: 1, out: '', err: 'The last administrator cannot be demoted.' });
    expect(await roleOf('member@example.com')).toBe('admin');
    expect((await admin(['set-role', 'member@example.com', 'admin'])).out).toBe(
      'member@example.com is already an administrator; nothing changed.',
    );
  });

  it('says so when no account has the email', async () => {
    expect(await admin(['set-role', 'ghost@example.com', 'admin'])).toMatchObject({
      status: 1,
      out: '',
      err: 'No account uses ghost@example.com. See every account with list-users.',
    });
  });
});

describe('admin command line: list-users', () => {
  it('prints a table newest first, and the list users endpoint’s JSON with --json', async () => {
    await createUser({
      email: 'old@example.com',
      fullName: 'Old Timer',
      createdAt: new Date('2026-01-02T03:04:00Z'),
    });
    await createUser({
      email: 'new@example.com',
      fullName: 'New Admin',
      role: 'admin',
      createdAt: new Date('2026-11-27T09:05:00Z'),
    });
    const table = await admin(['list-users']);
    expect(table.status).toBe(0);
    expect(table.out.split('\n')).toEqual([
      'EMAIL            NAME       ROLE   CREATED',
      'new@example.com  New Admin  admin  2026-11-27 09:05 UTC',
      'old@example.com  Old Timer  user   2026-01-02 03:04 UTC',
      '2 accounts, 1 administrator.',
    ]);
    const json = await admin(['list-users', '--json']);
    expect(JSON.parse(json.out)).toEqual([
      {
        fullName: 'New Admin',
        email: 'new@example.com',
        role: 'admin',
        createdAt: '2026-11-27T09:05:00.000Z',
      },
      {
        fullName: 'Old Timer',
        email: 'old@example.com',
        role: 'user',
        createdAt: '2026-01-02T03:04:00.000Z',
      },
    ]);
  });
});

describe('admin command line: reset-password', () => {
  it('without SMTP_URL prints a one-time link that resets the password once', async () => {
    await createUser({ email: 'forgetful@example.com' });
    const result = await admin(['reset-password', 'forgetful@example.com']);
    expect(result.status).toBe(0);
    const [said, link] = result.out.split('\n');
    expect(said).toBe(
      'No mail server is configured (SMTP_URL is unset), so nothing was mailed. Give forgetful@example.com this link yourself (it works once, for 60 minutes):',
    );
    const token = /^http:\/\/tasklane\.test\/reset-password\?token=([A-Za-z0-9_-]{43})$/.exec(
      link ?? '',
    )?.[1];
    expect(token, link).toBeDefined();
    const body = { token, password: 'a brand new password' };
    expect((await call(resetPassword, '/api/reset-password', { body })).status).toBe(200);
    expect((await call(resetPassword, '/api/reset-password', { body })).status).toBe(400);
    await expect(loginAs('forgetful@example.com', 'a brand new password')).resolves.toEqual(
      expect.any(String),
    );
    // Nothing was written to the outbox: the link was printed instead.
    expect(await readFile(getOutboxFile(), 'utf8').catch(() => '')).toBe('');
  });

  it('replaces an earlier unused link, as Forgot password does', async () => {
    await createUser({ email: 'twice@example.com' });
    const first = (await admin(['reset-password', 'twice@example.com', '--print'])).out.split('\n')[1] ?? '';
    await admin(['reset-password', 'twice@example.com', '--print']);
    const token = new URL(first).searchParams.get('token');
    const res = await call(resetPassword, '/api/reset-password', {
      body: { token, password: 'a brand new password' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_RESET_TOKEN');
  });

  it('with SMTP_URL mails the link and says so; --print prints it instead', async () => {
    await applyTestEnv({ SMTP_URL: sink.url });
    await createUser({ email: 'mailed@example.com' });
    const mailed = await admin(['reset-password', 'mailed@example.com']);
    expect(mailed).toMatchObject({
      status: 0,
      out: 'Mailed a password reset link to mailed@example.com (it works once, for 60 minutes). Their current sessions go on until they use it.',
      err: '',
    });
    expect(received).toHaveLength(1);
    const { headers, text } = parseMail(received[0]?.raw ?? '');
    expect(headers.get('subject')).toBe('Reset your Tasklane password');
    expect(text).toMatch(/http:\/\/tasklane\.test\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    const printed = await admin(['reset-password', 'mailed@example.com', '--print']);
    expect(printed.out.split('\n')[0]).toBe(
      'Reset link for mailed@example.com (it works once, for 60 minutes); nothing was mailed:',
    );
    expect(received).toHaveLength(1);
  });

  it('when the mail server is down, prints the link and the reason, status 1', async () => {
    const port = await closedPort();
    await applyTestEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    await createUser({ email: 'down@example.com' });
    const result = await admin(['reset-password', 'down@example.com']);
    expect(result.status).toBe(1);
    expect(result.out).toMatch(
      /^Give down@example\.com this link yourself instead \(it works once, for 60 minutes\):\nhttp:\/\/tasklane\.test\/reset-password\?token=/,
    );
    expect(result.err).toBe(
      `The reset link could not be mailed. The mail server at 127.0.0.1:${port} refused the connection. Check the host and port in SMTP_URL and that the mail server is running.`,
    );
  });

  it('says so for an email without an account, or one that is not an email', async () => {
    expect(await admin(['reset-password', 'ghost@example.com'])).toMatchObject({
      status: 1,
      err: 'No account uses ghost@example.com. See every account with list-users.',
    });
    expect(await admin(['reset-password', 'ghost'])).toMatchObject({
      status: 1,
      err: 'Enter a valid email address. (got "ghost")',
    });
  });
});

describe('admin command line: send-test-mail', () => {
  it('sends through SMTP_URL and says so', async () => {
    await applyTestEnv({ SMTP_URL: sink.url });
    expect(await admin(['send-test-mail', 'Ops@Example.org'])).toMatchObject({
      status: 0,
      out: 'Test email sent to ops@example.org.',
      err: '',
    });
    expect(received.map((mail) => mail.to)).toEqual([['ops@example.org']]);
  });

  it('says why in words and exits 1 when the mail server refuses the connection', async () => {
    const port = await closedPort();
    await applyTestEnv({ SMTP_URL: `smtp://user:pa55word@127.0.0.1:${port}` });
    const result = await admin(['send-test-mail', 'ops@example.org']);
    expect(result).toMatchObject({
      status: 1,
      out: '',
      err: `The mail server at 127.0.0.1:${port} refused the connection. Check the host and port in SMTP_URL and that the mail server is running.`,
    });
  });

  it('without SMTP_URL says that no mail server is configured and writes to the outbox', async () => {
    const result = await admin(['send-test-mail', 'ops@example.org']);
    expect(result.status).toBe(0);
    expect(result.out).toBe(
      'No mail server is configured (SMTP_URL is unset), so the test email to ops@example.org was written to data/outbox.log instead. Set SMTP_URL to send real mail.',
    );
    expect(await readFile(getOutboxFile(), 'utf8')).toContain('Subject: Tasklane test email');
  });
});
