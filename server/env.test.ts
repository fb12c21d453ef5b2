import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvError, parseDatabaseUrl, parseEnv } from './env';

let dataDir: string;
const previous = process.env.DATA_DIR;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tasklane-env-'));
  process.env.DATA_DIR = dataDir;
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
  if (previous === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previous;
});

describe('parseEnv', () => {
  it('works with nothing set in development: SQLite under data/ and a generated secret kept there', () => {
    const env = parseEnv({ NODE_ENV: 'development' });
    expect(env.database).toEqual({ dialect: 'sqlite', file: path.join(dataDir, 'tasklane.db') });
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    const stored = readFileSync(path.join(dataDir, '.auth-secret'), 'utf8').trim();
    expect(stored).toBe(env.AUTH_SECRET);
    // Generated once: the next start reuses it, so tokens survive restarts.
    expect(parseEnv({ NODE_ENV: 'development' }).AUTH_SECRET).toBe(env.AUTH_SECRET);
    expect(env.BCRYPT_COST).toBe(12);
    expect(env.AUTH_TOKEN_TTL).toBe('12h');
    expect(env.RATE_LIMIT_LOGIN_MAX_FAILURES).toBe(10);
    expect(env.RATE_LIMIT_LOGIN_WINDOW_SECONDS).toBe(900);
  });

  it('creates the development secret 0600 in a data folder of its own, 0700', () => {
    process.env.DATA_DIR = path.join(dataDir, 'data');
    parseEnv({ NODE_ENV: 'development' });
    expect(statSync(path.join(dataDir, 'data')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'data', '.auth-secret')).mode & 0o777).toBe(0o600);
  });

  it('stops production without AUTH_SECRET with one line naming the variable', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(EnvError);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/^AUTH_SECRET is missing/);
    expect(() => parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'short' })).toThrow(
      /^AUTH_SECRET is too short/,
    );
    expect(existsSync(path.join(dataDir, '.auth-secret'))).toBe(false);
  });

  it('accepts a long enough production secret', () => {
    const secret = 'x'.repeat(32);
    expect(parseEnv({ NODE_ENV: 'production', AUTH_SECRET: secret }).AUTH_SECRET).toBe(secret);
  });

  it('names the variable when a value is invalid', () => {
    expect(() => parseEnv({ BCRYPT_COST: 'twelve' })).toThrow(/BCRYPT_COST/);
    expect(() => parseEnv({ BCRYPT_COST: '3' })).toThrow(/BCRYPT_COST/);
    expect(() => parseEnv({ AUTH_TOKEN_TTL: 'forever' })).toThrow(/AUTH_TOKEN_TTL/);
    expect(() => parseEnv({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
    expect(() => parseEnv({ RATE_LIMIT_LOGIN_MAX_FAILURES: '0' })).toThrow(/RATE_LIMIT_LOGIN_MAX_FAILURES/);
  });

  it('treats empty strings as unset', () => {
    const env = parseEnv({ NODE_ENV: 'development', SMTP_URL: '', DATABASE_URL: '', BCRYPT_COST: '' });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.database.dialect).toBe('sqlite');
    expect(env.BCRYPT_COST).toBe(12);
  });

  it('reads rate limits from the environment', () => {
    const env = parseEnv({
      RATE_LIMIT_LOGIN_MAX_FAILURES: '3',
      RATE_LIMIT_FORGOT_WINDOW_SECONDS: '60',
    });
    expect(env.RATE_LIMIT_LOGIN_MAX_FAILURES).toBe(3);
    expect(env.RATE_LIMIT_FORGOT_WINDOW_SECONDS).toBe(60);
  });

  it('validates the pool size, log level and folders', () => {
    const env = parseEnv({ DATABASE_POOL_MAX: '25', LOG_LEVEL: 'warn', MIGRATIONS_DIR: '/srv/drizzle' });
    expect(env.DATABASE_POOL_MAX).toBe(25);
    expect(env.LOG_LEVEL).toBe('warn');
    expect(env.MIGRATIONS_DIR).toBe('/srv/drizzle');
    expect(parseEnv({}).DATABASE_POOL_MAX).toBe(10);
    expect(parseEnv({}).LOG_LEVEL).toBe('info');
    expect(() => parseEnv({ DATABASE_POOL_MAX: 'abc' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => parseEnv({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => parseEnv({ LOG_LEVEL: 'verbose' })).toThrow(
      /LOG_LEVEL must be one of silent, error, warn, info/,
    );
  });

  it('keeps team sync off unless TEAM_SYNC is on, with its tombstone and rate limit defaults', () => {
    const env = parseEnv({});
    expect(env.TEAM_SYNC).toBe('off');
    expect(env.SYNC_TOMBSTONE_DAYS).toBe(90);
    expect(env.RATE_LIMIT_SYNC_MAX).toBe(600);
    expect(env.RATE_LIMIT_SYNC_WINDOW_SECONDS).toBe(60);
    const on = parseEnv({ TEAM_SYNC: 'on', SYNC_TOMBSTONE_DAYS: '7', RATE_LIMIT_SYNC_MAX: '50' });
    expect(on.TEAM_SYNC).toBe('on');
    expect(on.SYNC_TOMBSTONE_DAYS).toBe(7);
    expect(on.RATE_LIMIT_SYNC_MAX).toBe(50);
    expect(parseEnv({ TEAM_SYNC: '' }).TEAM_SYNC).toBe('off');
    expect(() => parseEnv({ TEAM_SYNC: 'yes' })).toThrow(/TEAM_SYNC must be on or off/);
    expect(() => parseEnv({ SYNC_TOMBSTONE_DAYS: '0' })).toThrow(
      'Invalid environment variable SYNC_TOMBSTONE_DAYS: SYNC_TOMBSTONE_DAYS must be at least 1 day (browsers restart a full pull after 6 hours)',
    );
    expect(() => parseEnv({ SYNC_TOMBSTONE_DAYS: '-3' })).toThrow(/must be at least 1 day/);
    expect(() => parseEnv({ SYNC_TOMBSTONE_DAYS: '1.5' })).toThrow(
      'Invalid environment variable SYNC_TOMBSTONE_DAYS: SYNC_TOMBSTONE_DAYS must be a whole number of days, 1 or more',
    );
    expect(parseEnv({ SYNC_TOMBSTONE_DAYS: '1' }).SYNC_TOMBSTONE_DAYS).toBe(1);
  });

  it('archives completed team tasks after 30 days unless SYNC_ARCHIVE_DAYS says otherwise (1 to 3650)', () => {
    expect(parseEnv({}).SYNC_ARCHIVE_DAYS).toBe(30);
    expect(parseEnv({ SYNC_ARCHIVE_DAYS: '1' }).SYNC_ARCHIVE_DAYS).toBe(1);
    expect(parseEnv({ SYNC_ARCHIVE_DAYS: '3650' }).SYNC_ARCHIVE_DAYS).toBe(3650);
    const message =
      'Invalid environment variable SYNC_ARCHIVE_DAYS: SYNC_ARCHIVE_DAYS must be a whole number of days from 1 to 3650';
    for (const value of ['0', '3651', '-1', '7.5', 'month']) {
      expect(() => parseEnv({ SYNC_ARCHIVE_DAYS: value })).toThrow(message);
    }
  });

  it('limits sync pushes to 2 MB a minute and 100,000 tasks per owner unless set, never below one push', () => {
    const env = parseEnv({});
    expect(env.SYNC_PUSH_BYTES_PER_MINUTE).toBe(2 * 1024 * 1024);
    expect(env.SYNC_MAX_TASKS_PER_OWNER).toBe(100_000);
    const set = parseEnv({ SYNC_PUSH_BYTES_PER_MINUTE: '5000000', SYNC_MAX_TASKS_PER_OWNER: '3' });
    expect(set.SYNC_PUSH_BYTES_PER_MINUTE).toBe(5_000_000);
    expect(set.SYNC_MAX_TASKS_PER_OWNER).toBe(3);
    expect(() => parseEnv({ SYNC_PUSH_BYTES_PER_MINUTE: '1000' })).toThrow(
      'Invalid environment variable SYNC_PUSH_BYTES_PER_MINUTE: SYNC_PUSH_BYTES_PER_MINUTE must be at least 1048576 (one push of the largest size)',
    );
    expect(() => parseEnv({ SYNC_PUSH_BYTES_PER_MINUTE: 'lots' })).toThrow(
      /SYNC_PUSH_BYTES_PER_MINUTE must be a whole number of bytes/,
    );
    expect(() => parseEnv({ SYNC_MAX_TASKS_PER_OWNER: '0' })).toThrow(
      'Invalid environment variable SYNC_MAX_TASKS_PER_OWNER: SYNC_MAX_TASKS_PER_OWNER must be a whole number, 1 or more',
    );
  });

  it('gives live sync streams a 20 s heartbeat and a 10 min life unless set', () => {
    const env = parseEnv({});
    expect(env.SYNC_STREAM_HEARTBEAT_MS).toBe(20_000);
    expect(env.SYNC_STREAM_MAX_MS).toBe(600_000);
    const set = parseEnv({ SYNC_STREAM_HEARTBEAT_MS: '25', SYNC_STREAM_MAX_MS: '400' });
    expect(set.SYNC_STREAM_HEARTBEAT_MS).toBe(25);
    expect(set.SYNC_STREAM_MAX_MS).toBe(400);
    expect(() => parseEnv({ SYNC_STREAM_HEARTBEAT_MS: '0' })).toThrow(/SYNC_STREAM_HEARTBEAT_MS/);
    expect(() => parseEnv({ SYNC_STREAM_MAX_MS: 'soon' })).toThrow(/SYNC_STREAM_MAX_MS/);
  });

  it('caps live sync streams at 5 per user, 100 per address and 2,000 per instance unless set', () => {
    const env = parseEnv({});
    expect(env.SYNC_STREAM_MAX_PER_USER).toBe(5);
    expect(env.SYNC_STREAM_MAX_PER_ADDRESS).toBe(100);
    expect(env.SYNC_STREAM_MAX_PER_INSTANCE).toBe(2_000);
    expect(env.RATE_LIMIT_SYNC_STREAM_MAX).toBe(30);
    expect(env.RATE_LIMIT_SYNC_STREAM_WINDOW_SECONDS).toBe(60);
    const set = parseEnv({
      SYNC_STREAM_MAX_PER_USER: '2',
      SYNC_STREAM_MAX_PER_ADDRESS: '10',
      SYNC_STREAM_MAX_PER_INSTANCE: '50',
      RATE_LIMIT_SYNC_STREAM_MAX: '4',
      RATE_LIMIT_SYNC_STREAM_WINDOW_SECONDS: '30',
    });
    expect(set.SYNC_STREAM_MAX_PER_USER).toBe(2);
    expect(set.SYNC_STREAM_MAX_PER_ADDRESS).toBe(10);
    expect(set.SYNC_STREAM_MAX_PER_INSTANCE).toBe(50);
    expect(set.RATE_LIMIT_SYNC_STREAM_MAX).toBe(4);
    expect(set.RATE_LIMIT_SYNC_STREAM_WINDOW_SECONDS).toBe(30);
    for (const name of [
      'SYNC_STREAM_MAX_PER_USER',
      'SYNC_STREAM_MAX_PER_ADDRESS',
      'SYNC_STREAM_MAX_PER_INSTANCE',
    ]) {
      expect(() => parseEnv({ [name]: '0' })).toThrow(new RegExp(name));
    }
  });

  it('leaves SIGNUP_MODE unset by default (any domain), and reads SIGNUP_MODE and SIGNUP_DOMAINS', () => {
    const env = parseEnv({ NODE_ENV: 'development' });
    // Unset: the preset follows the team default (presetSignupMode), not a fixed mode.
    expect(env.SIGNUP_MODE).toBeUndefined();
    expect(env.SIGNUP_DOMAINS).toEqual([]);
    expect(env.RATE_LIMIT_INVITE_MAX).toBe(50);
    const set = parseEnv({ SIGNUP_MODE: 'invitation', SIGNUP_DOMAINS: 'Example.com, corp.example.org' });
    expect(set.SIGNUP_MODE).toBe('invitation');
    expect(set.SIGNUP_DOMAINS).toEqual(['example.com', 'corp.example.org']);
    expect(parseEnv({ SIGNUP_MODE: 'closed' }).SIGNUP_MODE).toBe('closed');
  });

  it('stops at start-up on a bad SIGNUP_MODE or SIGNUP_DOMAINS, naming the variable and the value', () => {
    expect(() => parseEnv({ SIGNUP_MODE: 'invite-only' })).toThrow(
      'Invalid environment variable SIGNUP_MODE: SIGNUP_MODE must be one of open, invitation, closed',
    );
    expect(() => parseEnv({ SIGNUP_DOMAINS: 'example.com, localhost' })).toThrow(
      'Invalid environment variable SIGNUP_DOMAINS: SIGNUP_DOMAINS must list domain names such as example.com ("localhost" is not one)',
    );
  });

  it('has no single sign-on unless OIDC_ISSUER and OIDC_CLIENT_ID are set, and reads the rest with defaults', () => {
    const none = parseEnv({});
    expect(none.OIDC_ISSUER).toBeUndefined();
    expect(none.OIDC_NAME).toBe('single sign-on');
    expect(none.OIDC_ONLY).toBe('off');
    const set = parseEnv({
      OIDC_ISSUER: 'https://login.example.com/realms/team',
      OIDC_CLIENT_ID: 'tasklane',
      OIDC_ADMIN_GROUPS: 'admins, ops',
      OIDC_ONLY: 'on',
      OIDC_BREAK_GLASS_EMAIL: 'Root@Example.com',
    });
    expect(set.OIDC_ADMIN_GROUPS).toEqual(['admins', 'ops']);
    expect(set.OIDC_GROUPS_CLAIM).toBe('groups');
    expect(set.OIDC_SCOPES).toBe('openid email profile');
    expect(set.OIDC_BREAK_GLASS_EMAIL).toBe('root@example.com');
  });

  it('stops at start-up on single sign-on settings that cannot work, saying what to set', () => {
    expect(() => parseEnv({ OIDC_ISSUER: 'http://login.example.com', OIDC_CLIENT_ID: 'x' })).toThrow(
      'Invalid environment variable OIDC_ISSUER: OIDC_ISSUER must be an https URL (plain http only on 127.0.0.1 or localhost), without query or fragment',
    );
    expect(() => parseEnv({ OIDC_ISSUER: 'https://login.example.com' })).toThrow(
      'OIDC_CLIENT_ID is missing: set it to the client ID your provider gave Tasklane.',
    );
    expect(() => parseEnv({ OIDC_CLIENT_ID: 'x' })).toThrow(/^OIDC_ISSUER is missing/);
    expect(() => parseEnv({ OIDC_ONLY: 'on' })).toThrow(
      'OIDC_ONLY=on needs single sign-on: set OIDC_ISSUER and OIDC_CLIENT_ID.',
    );
    expect(() =>
      parseEnv({ OIDC_ONLY: 'on', OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'x' }),
    ).toThrow(/^OIDC_ONLY=on needs OIDC_BREAK_GLASS_EMAIL/);
    expect(() => parseEnv({ OIDC_ONLY: 'yes' })).toThrow('OIDC_ONLY must be on or off');
  });

  it('looks for reminder emails every minute unless set, never more often than every 100 ms', () => {
    expect(parseEnv({}).REMINDER_INTERVAL_MS).toBe(60_000);
    expect(parseEnv({ REMINDER_INTERVAL_MS: '500' }).REMINDER_INTERVAL_MS).toBe(500);
    expect(() => parseEnv({ REMINDER_INTERVAL_MS: '10' })).toThrow(/REMINDER_INTERVAL_MS/);
    expect(() => parseEnv({ REMINDER_INTERVAL_MS: 'hourly' })).toThrow(/REMINDER_INTERVAL_MS/);
  });
});

describe('parseDatabaseUrl', () => {
  it('selects PostgreSQL for postgres:// and postgresql:// URLs', () => {
    expect(parseDatabaseUrl('postgres://u@h/db')).toEqual({ dialect: 'postgres', url: 'postgres://u@h/db' });
    expect(parseDatabaseUrl('postgresql://u@h/db').dialect).toBe('postgres');
  });

  it('treats anything else as a SQLite file, with or without file:', () => {
    expect(parseDatabaseUrl('file:./x/app.db')).toEqual({
      dialect: 'sqlite',
      file: path.resolve('x/app.db'),
    });
    expect(parseDatabaseUrl('/tmp/app.db')).toEqual({ dialect: 'sqlite', file: '/tmp/app.db' });
    expect(parseDatabaseUrl(':memory:')).toEqual({ dialect: 'sqlite', file: ':memory:' });
  });
});

describe('parseEnv: file sizes', () => {
  it('takes MAX_UPLOAD_SIZE in bytes or with a unit, 25 MB by default, and no total unless set', () => {
    expect(parseEnv({ NODE_ENV: 'development' }).MAX_UPLOAD_SIZE).toBe(25 * 1024 * 1024);
    expect(parseEnv({ NODE_ENV: 'development' }).MAX_FILES_TOTAL).toBeUndefined();
    expect(parseEnv({ NODE_ENV: 'development', MAX_UPLOAD_SIZE: '1MB' }).MAX_UPLOAD_SIZE).toBe(1_048_576);
    expect(parseEnv({ NODE_ENV: 'development', MAX_UPLOAD_SIZE: '5000' }).MAX_UPLOAD_SIZE).toBe(5000);
    expect(parseEnv({ NODE_ENV: 'development', MAX_FILES_TOTAL: '2GB' }).MAX_FILES_TOTAL).toBe(2 * 1024 ** 3);
  });

  it('refuses a size it cannot read, naming the setting', () => {
    expect(() => parseEnv({ NODE_ENV: 'development', MAX_UPLOAD_SIZE: '25 megs' })).toThrow(
      /MAX_UPLOAD_SIZE must be a size such as 26214400, 512KB, 25MB or 2GB/,
    );
    expect(() => parseEnv({ NODE_ENV: 'development', MAX_UPLOAD_SIZE: '0' })).toThrow(/MAX_UPLOAD_SIZE/);
  });
});
