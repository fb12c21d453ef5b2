import 'server-only';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-files';
import { SIGNUP_DOMAINS_MAX_COUNT, SIGNUP_MODES, parseDomainList } from '@/shared/auth/signup-policy';
import { DEFAULT_PROVIDER_NAME, isAllowedIssuer, parseGroupList } from '@/shared/auth/single-sign-on';
import { parseByteSize } from '@/shared/format/bytes';

/**
 * Where the embedded database, the dev secret and the mail outbox live (DATA_DIR, default ./data).
 * Read straight from the environment because parsing the environment itself needs it.
 */
export function getDataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || path.join(process.cwd(), 'data'));
}

/** The JSON log lines at or above this level are written; `silent` writes none. */
export const LOG_LEVELS = ['silent', 'error', 'warn', 'info'] as const;
export const logLevelSchema = z
  .enum(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  .default('info');
export type LogLevel = z.infer<typeof logLevelSchema>;

const MIN_SECRET_LENGTH = 32;

const intFromEnv = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/** A size setting in bytes or with a unit (`25MB`; shared/format/bytes.ts parseByteSize), at least 1 byte. */
const sizeSetting = (name: string) =>
  z.string().transform((text, context) => {
    const bytes = parseByteSize(text);
    if (bytes === null || bytes < 1) {
      context.addIssue({
        code: 'custom',
        message: `${name} must be a size such as 26214400, 512KB, 25MB or 2GB`,
      });
      return z.NEVER;
    }
    return bytes;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().trim().min(1).optional(),
  AUTH_SECRET: z.string().optional(),
  AUTH_TOKEN_TTL: z
    .string()
    .regex(/^\d+\s*(s|m|h|d)$/, 'AUTH_TOKEN_TTL must look like 12h, 30m or 7d')
    .default('12h'),
  BCRYPT_COST: intFromEnv(12, 4).pipe(z.number().max(15)),
  APP_URL: z.url().default('http://localhost:3000'),
  SMTP_URL: z.string().trim().min(1).optional(),
  MAIL_FROM: z.string().default('Tasklane <no-reply@tasklane.local>'),
  /** Where Contact Us messages are mailed; unset: they are only stored. */
  CONTACT_TO: z.email('CONTACT_TO must be an email address').optional(),
  PASSWORD_RESET_TTL_MINUTES: intFromEnv(60, 1),
  /** Connections per app instance in the PostgreSQL pool. */
  DATABASE_POOL_MAX: intFromEnv(10, 1).pipe(z.number().max(1000)),
  /** The migration folders (drizzle/sqlite, drizzle/postgres) live here; default ./drizzle. */
  MIGRATIONS_DIR: z.string().trim().min(1).optional(),
  /** Validated here; read by getDataDir() (the SQLite default path depends on it). */
  DATA_DIR: z.string().trim().min(1).optional(),
  LOG_LEVEL: logLevelSchema,
  RATE_LIMIT_LOGIN_MAX_FAILURES: intFromEnv(10, 1),
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: intFromEnv(15 * 60, 1),
  RATE_LIMIT_LOGIN_EMAIL_MAX_FAILURES: intFromEnv(50, 1),
  RATE_LIMIT_LOGIN_IP_MAX_FAILURES: intFromEnv(100, 1),
  RATE_LIMIT_REGISTER_MAX: intFromEnv(10, 1),
  RATE_LIMIT_REGISTER_WINDOW_SECONDS: intFromEnv(60 * 60, 1),
  RATE_LIMIT_FORGOT_MAX: intFromEnv(5, 1),
  RATE_LIMIT_FORGOT_WINDOW_SECONDS: intFromEnv(15 * 60, 1),
  RATE_LIMIT_RESET_MAX: intFromEnv(10, 1),
  /** Confirmation links sent per address (and 4x that per client address) within the window. */
  RATE_LIMIT_CONFIRM_MAX: intFromEnv(3, 1),
  RATE_LIMIT_CONFIRM_WINDOW_SECONDS: intFromEnv(15 * 60, 1),
  RATE_LIMIT_RESET_WINDOW_SECONDS: intFromEnv(15 * 60, 1),
  RATE_LIMIT_CONTACT_MAX: intFromEnv(5, 1),
  RATE_LIMIT_CONTACT_WINDOW_SECONDS: intFromEnv(60 * 60, 1),
  /** Password changes per account (and 4x that per IP) within the window. */
  RATE_LIMIT_CHANGE_PASSWORD_MAX: intFromEnv(5, 1),
  RATE_LIMIT_CHANGE_PASSWORD_WINDOW_SECONDS: intFromEnv(15 * 60, 1),
  /** Changes of one's own name per account (and 4x that per IP) within the window. */
  RATE_LIMIT_CHANGE_NAME_MAX: intFromEnv(20, 1),
  RATE_LIMIT_CHANGE_NAME_WINDOW_SECONDS: intFromEnv(15 * 60, 1),
  /** Team sync (docs/decisions/0013-team-sync.md): `off` answers 404 on every /api/sync route. */
  TEAM_SYNC: z.enum(['on', 'off'], 'TEAM_SYNC must be on or off').default('off'),
  /**
   * Deleted synced tasks are purged this many days after their delete; at least 1, because a
   * browser pulling everything from the start may take hours and must not miss a purged delete.
   */
  SYNC_TOMBSTONE_DAYS: z.coerce
    .number('SYNC_TOMBSTONE_DAYS must be a whole number of days, 1 or more')
    .int('SYNC_TOMBSTONE_DAYS must be a whole number of days, 1 or more')
    .min(1, 'SYNC_TOMBSTONE_DAYS must be at least 1 day (browsers restart a full pull after 6 hours)')
    .default(90),
  /**
   * Completed tasks older than this many days are archived: they stay on the server and leave the
   * browsers' replicas (docs/product.md#archived-tasks, features/tasks/model/archive.ts).
   */
  SYNC_ARCHIVE_DAYS: z.coerce
    .number('SYNC_ARCHIVE_DAYS must be a whole number of days from 1 to 3650')
    .int('SYNC_ARCHIVE_DAYS must be a whole number of days from 1 to 3650')
    .min(1, 'SYNC_ARCHIVE_DAYS must be a whole number of days from 1 to 3650')
    .max(3650, 'SYNC_ARCHIVE_DAYS must be a whole number of days from 1 to 3650')
    .default(30),
  /** Sync pushes and pulls together, per user, within the window. */
  RATE_LIMIT_SYNC_MAX: intFromEnv(600, 1),
  RATE_LIMIT_SYNC_WINDOW_SECONDS: intFromEnv(60, 1),
  /**
   * Bytes of push bodies one account may send per minute (docs/product.md#team-sync-limits); at
   * least one push's largest body (1 MB), or a full push could never go through.
   */
  SYNC_PUSH_BYTES_PER_MINUTE: z.coerce
    .number('SYNC_PUSH_BYTES_PER_MINUTE must be a whole number of bytes, 1048576 or more')
    .int('SYNC_PUSH_BYTES_PER_MINUTE must be a whole number of bytes, 1048576 or more')
    .min(1024 * 1024, 'SYNC_PUSH_BYTES_PER_MINUTE must be at least 1048576 (one push of the largest size)')
    .default(2 * 1024 * 1024),
  /** Synced tasks one account may own (deleted ones not counted): creating one more is refused. */
  SYNC_MAX_TASKS_PER_OWNER: z.coerce
    .number('SYNC_MAX_TASKS_PER_OWNER must be a whole number, 1 or more')
    .int('SYNC_MAX_TASKS_PER_OWNER must be a whole number, 1 or more')
    .min(1, 'SYNC_MAX_TASKS_PER_OWNER must be a whole number, 1 or more')
    .default(100_000),
  /** A live sync stream (GET /api/sync/stream) sends a comment this often, so proxies keep it open. */
  SYNC_STREAM_HEARTBEAT_MS: intFromEnv(20_000, 1),
  /** A live sync stream ends after this long (or at its token's expiry, if sooner); the browser reconnects. */
  SYNC_STREAM_MAX_MS: intFromEnv(10 * 60_000, 1),
  /** Live sync streams one user may hold on an instance; opening one more closes their oldest. */
  SYNC_STREAM_MAX_PER_USER: intFromEnv(5, 1),
  /** Live sync streams from one client address on an instance; beyond it a new one gets 503. */
  SYNC_STREAM_MAX_PER_ADDRESS: intFromEnv(100, 1),
  /** Live sync streams on an instance (about 60 kB of memory each); beyond it a new one gets 503. */
  SYNC_STREAM_MAX_PER_INSTANCE: intFromEnv(2_000, 1),
  /** The largest file one upload may attach to a task (docs/product.md#files-on-tasks). */
  MAX_UPLOAD_SIZE: sizeSetting('MAX_UPLOAD_SIZE').default(25 * 1024 * 1024),
  /** Files one task may hold (deleted ones waiting for their Undo not counted). */
  MAX_ATTACHMENTS_PER_TASK: intFromEnv(100, 1),
  /** The bytes every task's files may take together on this instance; unset: no limit. */
  MAX_FILES_TOTAL: sizeSetting('MAX_FILES_TOTAL').optional(),
  /** Live sync streams one user may open within the window (each also counts on RATE_LIMIT_SYNC_MAX). */
  RATE_LIMIT_SYNC_STREAM_MAX: intFromEnv(30, 1),
  RATE_LIMIT_SYNC_STREAM_WINDOW_SECONDS: intFromEnv(60, 1),
  /** How often the reminder scheduler looks for morning emails to send (TEAM_SYNC=on only). */
  REMINDER_INTERVAL_MS: intFromEnv(60_000, 100),
  /**
   * Who may sign up until an admin saves Admin Settings → Sign-up, which then decides
   * (docs/decisions/0020-who-may-join.md). Unset: open, except with team sync on once an admin
   * exists, then invitation only (presetSignupMode, docs/decisions/0041-a-guided-first-run.md).
   */
  SIGNUP_MODE: z.enum(SIGNUP_MODES, `SIGNUP_MODE must be one of ${SIGNUP_MODES.join(', ')}`).optional(),
  /** The email domains sign-up is limited to (commas or spaces between them); unset: any. */
  SIGNUP_DOMAINS: z
    .string()
    .default('')
    .transform((text, context) => {
      const parsed = parseDomainList(text);
      if ('domains' in parsed) return parsed.domains;
      context.addIssue({
        code: 'custom',
        message:
          'invalid' in parsed
            ? `SIGNUP_DOMAINS must list domain names such as example.com ("${parsed.invalid}" is not one)`
            : `SIGNUP_DOMAINS may list at most ${SIGNUP_DOMAINS_MAX_COUNT} domains`,
      });
      return z.NEVER;
    }),
  /** Invitations one admin may create within the window. */
  RATE_LIMIT_INVITE_MAX: intFromEnv(50, 1),
  RATE_LIMIT_INVITE_WINDOW_SECONDS: intFromEnv(60 * 60, 1),
  /** Test emails one admin may send from Admin Settings within the window. */
  RATE_LIMIT_TEST_MAIL_MAX: intFromEnv(10, 1),
  RATE_LIMIT_TEST_MAIL_WINDOW_SECONDS: intFromEnv(15 * 60, 1),
  /** Comment writes (post, edit, delete) one account may make within the window (TEAM_SYNC=on). */
  RATE_LIMIT_COMMENT_MAX: intFromEnv(30, 1),
  RATE_LIMIT_COMMENT_WINDOW_SECONDS: intFromEnv(60, 1),
  /** File uploads, renames, deletes and restores per account within the window. */
  RATE_LIMIT_ATTACHMENT_MAX: intFromEnv(60, 1),
  RATE_LIMIT_ATTACHMENT_WINDOW_SECONDS: intFromEnv(60, 1),
  /** People one account may mention in comments within the window (each new mention counts once). */
  RATE_LIMIT_MENTION_MAX: intFromEnv(100, 1),
  RATE_LIMIT_MENTION_WINDOW_SECONDS: intFromEnv(60 * 60, 1),
  /**
   * Single sign-on (docs/decisions/0034-single-sign-on.md): the provider's issuer URL (discovery is
   * read from it), and this app's client at the provider. Unset: no single sign-on.
   */
  OIDC_ISSUER: z
    .string()
    .trim()
    .refine(
      isAllowedIssuer,
      'OIDC_ISSUER must be an https URL (plain http only on 127.0.0.1 or localhost), without query or fragment',
    )
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  /** Unset: a public client (PKCE only, no client secret). */
  OIDC_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** The provider as the team knows it, on the button: "Sign in with {OIDC_NAME}". */
  OIDC_NAME: z
    .string()
    .trim()
    .min(1)
    .max(40, 'OIDC_NAME may be at most 40 characters')
    .default(DEFAULT_PROVIDER_NAME),
  OIDC_SCOPES: z.string().trim().min(1).default('openid email profile'),
  /** Members of these groups are made admins at each sign-in (commas or spaces between them). */
  OIDC_ADMIN_GROUPS: z.string().default('').transform(parseGroupList),
  /** The ID token or userinfo claim that lists a person's groups; a dotted path reaches a nested one (realm_access.roles). */
  OIDC_GROUPS_CLAIM: z.string().trim().min(1).default('groups'),
  /** on: password login and sign-up are turned off for everyone but OIDC_BREAK_GLASS_EMAIL. */
  OIDC_ONLY: z.enum(['on', 'off'], 'OIDC_ONLY must be on or off').default('off'),
  /** The one account that may still log in with a password when OIDC_ONLY=on (for when the provider is down). */
  OIDC_BREAK_GLASS_EMAIL: z
    .email('OIDC_BREAK_GLASS_EMAIL must be an email address')
    .transform((email) => email.toLowerCase())
    .optional(),
  /**
   * admins: an admin who logs in with a password must turn on two-factor sign-in before using the
   * admin area (docs/product.md#two-factor-sign-in). off (default): each account chooses.
   */
  REQUIRE_2FA: z.enum(['off', 'admins'], 'REQUIRE_2FA must be off or admins').default('off'),
  /** Single sign-on attempts started from one client address within the window. */
  RATE_LIMIT_OIDC_MAX: intFromEnv(60, 1),
  RATE_LIMIT_OIDC_WINDOW_SECONDS: intFromEnv(5 * 60, 1),
});

type RawEnv = z.infer<typeof envSchema>;

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export type Env = Omit<RawEnv, 'AUTH_SECRET' | 'DATABASE_URL'> & {
  AUTH_SECRET: string;
  database: DatabaseConfig;
};

export class EnvError extends Error {
  override name = 'EnvError';
}

/** `postgres://` or `postgresql://` selects PostgreSQL; anything else is a SQLite file path (`file:` optional). */
export function parseDatabaseUrl(url: string | undefined): DatabaseConfig {
  if (!url) return { dialect: 'sqlite', file: path.join(getDataDir(), 'tasklane.db') };
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: 'postgres', url };
  const file = url.replace(/^file:/i, '');
  return {
    dialect: 'sqlite',
    file: file === ':memory:' ? file : path.resolve(/*turbopackIgnore: true*/ file),
  };
}

/**
 * Development runs with nothing configured: a random secret is generated once and kept in
 * data/ so tokens survive restarts. Production never does this: a missing secret is fatal.
 */
function loadDevelopmentSecret(): string {
  const dataDir = getDataDir();
  const file = path.join(dataDir, '.auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  }
  ensurePrivateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: PRIVATE_FILE_MODE });
  return secret;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new EnvError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const { AUTH_SECRET, DATABASE_URL, ...rest } = result.data;
  checkSingleSignOn(rest);
  let secret = AUTH_SECRET?.trim();
  if (!secret || secret.length < MIN_SECRET_LENGTH) {
    if (rest.NODE_ENV === 'production') {
      throw new EnvError(
        `AUTH_SECRET is ${secret ? 'too short' : 'missing'}: set AUTH_SECRET to a random string of at least ${MIN_SECRET_LENGTH} characters (for example: openssl rand -base64 48).`,
      );
    }
    secret = loadDevelopmentSecret();
  }
  return { ...rest, AUTH_SECRET: secret, database: parseDatabaseUrl(DATABASE_URL) };
}

/** The single sign-on variables that only make sense together. */
function checkSingleSignOn(
  env: Pick<RawEnv, 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_ONLY' | 'OIDC_BREAK_GLASS_EMAIL'>,
) {
  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
    throw new EnvError('OIDC_CLIENT_ID is missing: set it to the client ID your provider gave Tasklane.');
  }
  if (!env.OIDC_ISSUER && env.OIDC_CLIENT_ID) {
    throw new EnvError(
      "OIDC_ISSUER is missing: set it to your provider's issuer URL, or unset OIDC_CLIENT_ID.",
    );
  }
  if (env.OIDC_ONLY === 'on' && !env.OIDC_ISSUER) {
    throw new EnvError('OIDC_ONLY=on needs single sign-on: set OIDC_ISSUER and OIDC_CLIENT_ID.');
  }
  if (env.OIDC_ONLY === 'on' && !env.OIDC_BREAK_GLASS_EMAIL) {
    throw new EnvError(
      'OIDC_ONLY=on needs OIDC_BREAK_GLASS_EMAIL: the admin who may still log in with a password when the provider is down.',
    );
  }
}

let cached: Env | undefined;

/** The validated environment, read once. Lazy so that `next build` never needs runtime secrets. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Whether this deployment is a team workspace (TEAM_SYNC=on): tasks sync through the server. */
export function isTeamSyncOn(): boolean {
  return getEnv().TEAM_SYNC === 'on';
}

/** Tests change variables between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}
