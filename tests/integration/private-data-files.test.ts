import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as forgotPassword } from '@/app/api/forgot-password/route';
import { closeDatabase, getDatabase } from '@/server/db';
import { flushBackgroundMail, getOutboxFile, sendMail } from '@/server/mailer';
import { call } from '@/tests/helpers/api';
import { createUser } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';

const modeOf = (file: string) => statSync(file).mode & 0o777;

let scratch: string;
const previousDataDir = process.env.DATA_DIR;

beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'tasklane-private-'));
});

afterEach(async () => {
  await flushBackgroundMail();
  vi.restoreAllMocks();
  process.env.DATA_DIR = previousDataDir;
  await applyTestEnv();
  rmSync(scratch, { recursive: true, force: true });
});

describe('files under data/ are private to the account that runs the app', () => {
  it('creates data/ as 0700 and data/outbox.log as 0600 when mail is written there (no SMTP_URL)', async () => {
    process.env.DATA_DIR = path.join(scratch, 'data');
    await applyTestEnv({ SMTP_URL: undefined });
    await sendMail({ to: 'someone@example.com', subject: 'Hello', text: 'secret link' });
    expect(getOutboxFile()).toBe(path.join(scratch, 'data', 'outbox.log'));
    expect(modeOf(path.join(scratch, 'data'))).toBe(0o700);
    expect(modeOf(getOutboxFile())).toBe(0o600);
  });

  it('narrows an outbox written 0644 by an earlier version to 0600 at the next mail', async () => {
    process.env.DATA_DIR = scratch;
    await applyTestEnv({ SMTP_URL: undefined });
    await sendMail({ to: 'a@example.com', subject: 'One', text: 'one' });
    chmodSync(getOutboxFile(), 0o644);
    await sendMail({ to: 'a@example.com', subject: 'Two', text: 'two' });
    expect(modeOf(getOutboxFile())).toBe(0o600);
  });

  it('creates the SQLite database, its -wal and its -shm as 0600 in a 0700 folder', async () => {
    const file = path.join(scratch, 'db', 'tasklane.db');
    await applyTestEnv({ DATABASE_URL: `file:${file}` });
    const { db, tables } = await getDatabase();
    await db.delete(tables.rateLimits);
    expect(modeOf(path.join(scratch, 'db'))).toBe(0o700);
    for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(name), name).toBe(0o600);
    await closeDatabase();
  });
});

describe('the log in production without SMTP_URL', () => {
  async function requestResetAndCaptureLog(nodeEnv: 'production' | 'development'): Promise<string> {
    process.env.DATA_DIR = scratch;
    await applyTestEnv({ SMTP_URL: undefined, LOG_LEVEL: 'info', NODE_ENV: nodeEnv });
    await createUser({ email: 'admin@example.com', role: 'admin' });
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    vi.spyOn(console, 'log').mockImplementation(capture);
    vi.spyOn(console, 'warn').mockImplementation(capture);
    vi.spyOn(console, 'error').mockImplementation(capture);
    const response = await call(forgotPassword, '/api/forgot-password', {
      method: 'POST',
      body: { email: 'admin@example.com' },
    });
    expect(response.status).toBe(200);
    await flushBackgroundMail();
    return lines.join('\n');
  }

  it('says a mail was not sent, to whom, but never writes the reset link at info level', async () => {
    const log = await requestResetAndCaptureLog('production');
    expect(log).toContain('Mail not sent (SMTP_URL is unset)');
    expect(log).toContain('admin@example.com');
    expect(log).not.toContain('reset-password?token=');
    expect(log).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
    // The link is still in the outbox, which only the app's account can read.
    expect(readFileSync(getOutboxFile(), 'utf8')).toMatch(/reset-password\?token=[A-Za-z0-9_-]{43}/);
  });

  it('still logs the link in development, where the log is the developer’s own terminal', async () => {
    expect(await requestResetAndCaptureLog('development')).toContain('reset-password?token=');
  });
});
