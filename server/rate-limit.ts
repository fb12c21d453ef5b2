import 'server-only';
import { RateLimiterDrizzle, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getDatabase, type DatabaseHandle } from './db';
import { getEnv } from './env';
import { AppError } from './errors';

/**
 * Counters live in the database (table rate_limits) so that they hold across restarts and
 * across several app instances sharing one PostgreSQL. Every limit is set by environment.
 */
export type LimiterName =
  | 'loginEmailIp'
  | 'loginEmail'
  | 'loginIp'
  | 'register'
  | 'forgotIp'
  | 'forgotEmail'
  | 'reset'
  | 'confirmIp'
  | 'confirmEmail'
  | 'confirmLink'
  | 'contact'
  | 'changePasswordUser'
  | 'changePasswordIp'
  | 'changeNameUser'
  | 'changeNameIp'
  | 'sync'
  | 'syncBytes'
  | 'syncStream'
  | 'invite'
  | 'testMail'
  | 'comments'
  | 'attachments'
  | 'mentions'
  | 'oidc'
  | 'twoFactor';

type Env = ReturnType<typeof getEnv>;
type EnvKey = { [K in keyof Env]-?: Env[K] extends number ? K : never }[keyof Env];

/**
 * Each limiter's allowance and window, by environment variable (a window may be fixed, in seconds);
 * `times` multiplies the allowance.
 */
const LIMITS: Record<LimiterName, { points: EnvKey; window: EnvKey | number; times?: number }> = {
  loginEmailIp: { points: 'RATE_LIMIT_LOGIN_MAX_FAILURES', window: 'RATE_LIMIT_LOGIN_WINDOW_SECONDS' },
  loginEmail: { points: 'RATE_LIMIT_LOGIN_EMAIL_MAX_FAILURES', window: 'RATE_LIMIT_LOGIN_WINDOW_SECONDS' },
  loginIp: { points: 'RATE_LIMIT_LOGIN_IP_MAX_FAILURES', window: 'RATE_LIMIT_LOGIN_WINDOW_SECONDS' },
  register: { points: 'RATE_LIMIT_REGISTER_MAX', window: 'RATE_LIMIT_REGISTER_WINDOW_SECONDS' },
  forgotIp: { points: 'RATE_LIMIT_FORGOT_MAX', window: 'RATE_LIMIT_FORGOT_WINDOW_SECONDS', times: 4 },
  forgotEmail: { points: 'RATE_LIMIT_FORGOT_MAX', window: 'RATE_LIMIT_FORGOT_WINDOW_SECONDS' },
  reset: { points: 'RATE_LIMIT_RESET_MAX', window: 'RATE_LIMIT_RESET_WINDOW_SECONDS' },
  // Confirmation links sent (docs/product.md#confirming-an-email-address), and links followed.
  confirmIp: { points: 'RATE_LIMIT_CONFIRM_MAX', window: 'RATE_LIMIT_CONFIRM_WINDOW_SECONDS', times: 4 },
  confirmEmail: { points: 'RATE_LIMIT_CONFIRM_MAX', window: 'RATE_LIMIT_CONFIRM_WINDOW_SECONDS' },
  confirmLink: { points: 'RATE_LIMIT_RESET_MAX', window: 'RATE_LIMIT_RESET_WINDOW_SECONDS' },
  contact: { points: 'RATE_LIMIT_CONTACT_MAX', window: 'RATE_LIMIT_CONTACT_WINDOW_SECONDS' },
  changePasswordUser: {
    points: 'RATE_LIMIT_CHANGE_PASSWORD_MAX',
    window: 'RATE_LIMIT_CHANGE_PASSWORD_WINDOW_SECONDS',
  },
  changePasswordIp: {
    points: 'RATE_LIMIT_CHANGE_PASSWORD_MAX',
    window: 'RATE_LIMIT_CHANGE_PASSWORD_WINDOW_SECONDS',
    times: 4,
  },
  // One's own name (PUT /api/auth/account), per account and per client address, like passwords.
  changeNameUser: { points: 'RATE_LIMIT_CHANGE_NAME_MAX', window: 'RATE_LIMIT_CHANGE_NAME_WINDOW_SECONDS' },
  changeNameIp: {
    points: 'RATE_LIMIT_CHANGE_NAME_MAX',
    window: 'RATE_LIMIT_CHANGE_NAME_WINDOW_SECONDS',
    times: 4,
  },
  sync: { points: 'RATE_LIMIT_SYNC_MAX', window: 'RATE_LIMIT_SYNC_WINDOW_SECONDS' },
  // Points are bytes: what one account may push per minute (docs/product.md#team-sync-limits).
  syncBytes: { points: 'SYNC_PUSH_BYTES_PER_MINUTE', window: 60 },
  syncStream: { points: 'RATE_LIMIT_SYNC_STREAM_MAX', window: 'RATE_LIMIT_SYNC_STREAM_WINDOW_SECONDS' },
  invite: { points: 'RATE_LIMIT_INVITE_MAX', window: 'RATE_LIMIT_INVITE_WINDOW_SECONDS' },
  testMail: { points: 'RATE_LIMIT_TEST_MAIL_MAX', window: 'RATE_LIMIT_TEST_MAIL_WINDOW_SECONDS' },
  // Comment writes (post, edit, delete), and people mentioned, per account (docs/product.md#comments).
  comments: { points: 'RATE_LIMIT_COMMENT_MAX', window: 'RATE_LIMIT_COMMENT_WINDOW_SECONDS' },
  // File uploads, renames, deletes and restores, per account (docs/product.md#files-on-tasks).
  attachments: { points: 'RATE_LIMIT_ATTACHMENT_MAX', window: 'RATE_LIMIT_ATTACHMENT_WINDOW_SECONDS' },
  // Sign-ins through the provider started from one client address (docs/product.md#single-sign-on).
  oidc: { points: 'RATE_LIMIT_OIDC_MAX', window: 'RATE_LIMIT_OIDC_WINDOW_SECONDS' },
  mentions: { points: 'RATE_LIMIT_MENTION_MAX', window: 'RATE_LIMIT_MENTION_WINDOW_SECONDS' },
  // Two-factor codes (login's second step, turning it on or off), per account, like passwords: wrong
  // codes count; a right one clears the count (docs/decisions/0047-two-factor-sign-in.md).
  twoFactor: { points: 'RATE_LIMIT_LOGIN_MAX_FAILURES', window: 'RATE_LIMIT_LOGIN_WINDOW_SECONDS' },
};

function limiterOptions(name: LimiterName): { points: number; duration: number } {
  const env = getEnv();
  const { points, window, times = 1 } = LIMITS[name];
  return { points: env[points] * times, duration: typeof window === 'number' ? window : env[window] };
}

const limiters = new WeakMap<DatabaseHandle, Map<LimiterName, RateLimiterAbstract>>();

async function getLimiter(name: LimiterName): Promise<RateLimiterAbstract> {
  const handle = await getDatabase();
  let byName = limiters.get(handle);
  if (!byName) {
    byName = new Map();
    limiters.set(handle, byName);
  }
  let limiter = byName.get(name);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({
      storeClient: handle.db,
      schema: handle.tables.rateLimits,
      keyPrefix: name,
      ...limiterOptions(name),
    });
    byName.set(name, limiter);
  }
  return limiter;
}

/** "12 seconds" or "3 minutes": how long until the next attempt. */
export type WaitText = string;

function tooManyRequests(msBeforeNext: number, message: (wait: WaitText) => string): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('RATE_LIMITED', message(wait), { headers: { 'Retry-After': String(seconds) } });
}

const tooManyAttempts = (wait: WaitText) => `Too many attempts. Please try again in ${wait}.`;

/**
 * Counts one attempt (or `points` of them); throws 429 once the limit for this key is used up, with
 * `message` (default: too many attempts) and Retry-After.
 */
export async function consumeRateLimit(
  name: LimiterName,
  key: string,
  options: { points?: number; message?: (wait: WaitText) => string } = {},
): Promise<void> {
  const limiter = await getLimiter(name);
  try {
    await limiter.consume(key, options.points ?? 1);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw tooManyRequests(rejection.msBeforeNext, options.message ?? tooManyAttempts);
    }
    throw rejection;
  }
}

/**
 * Gives back one attempt counted by consumeRateLimit, for limits that count failures only: the
 * attempt is counted before the work (so that attempts arriving at once cannot all get past a
 * check made before any of them is counted) and refunded once it turns out to be a success.
 */
export async function refundRateLimit(name: LimiterName, key: string): Promise<void> {
  const limiter = await getLimiter(name);
  await limiter.reward(key, 1);
}

export async function resetRateLimit(name: LimiterName, key: string): Promise<void> {
  const limiter = await getLimiter(name);
  await limiter.delete(key);
}
