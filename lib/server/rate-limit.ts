import 'server-only';
import { RateLimiterDrizzle, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getDatabase, type DatabaseHandle } from './db';
import { getEnv } from './env';
import { AppError } from './errors';

/**
 * Counters live in the database (table rate_limits) so that they hold across restarts and
 * across several app instances sharing one PostgreSQL. Every limit is set by environment.
 */
type LimiterName =
  | 'loginEmailIp'
  | 'loginEmail'
  | 'loginIp'
  | 'register'
  | 'forgotIp'
  | 'forgotEmail'
  | 'reset'
  | 'contact'
  | 'changePasswordUser'
  | 'changePasswordIp';

function limiterOptions(name: LimiterName): { points: number; duration: number } {
  const env = getEnv();
  switch (name) {
    case 'loginEmailIp':
      return { points: env.RATE_LIMIT_LOGIN_MAX_FAILURES, duration: env.RATE_LIMIT_LOGIN_WINDOW_SECONDS };
    case 'loginEmail':
      return {
        points: env.RATE_LIMIT_LOGIN_EMAIL_MAX_FAILURES,
        duration: env.RATE_LIMIT_LOGIN_WINDOW_SECONDS,
      };
    case 'loginIp':
      return { points: env.RATE_LIMIT_LOGIN_IP_MAX_FAILURES, duration: env.RATE_LIMIT_LOGIN_WINDOW_SECONDS };
    case 'register':
      return { points: env.RATE_LIMIT_REGISTER_MAX, duration: env.RATE_LIMIT_REGISTER_WINDOW_SECONDS };
    case 'forgotIp':
      return { points: env.RATE_LIMIT_FORGOT_MAX * 4, duration: env.RATE_LIMIT_FORGOT_WINDOW_SECONDS };
    case 'forgotEmail':
      return { points: env.RATE_LIMIT_FORGOT_MAX, duration: env.RATE_LIMIT_FORGOT_WINDOW_SECONDS };
    case 'reset':
      return { points: env.RATE_LIMIT_RESET_MAX, duration: env.RATE_LIMIT_RESET_WINDOW_SECONDS };
    case 'contact':
      return { points: env.RATE_LIMIT_CONTACT_MAX, duration: env.RATE_LIMIT_CONTACT_WINDOW_SECONDS };
    case 'changePasswordUser':
      return {
        points: env.RATE_LIMIT_CHANGE_PASSWORD_MAX,
        duration: env.RATE_LIMIT_CHANGE_PASSWORD_WINDOW_SECONDS,
      };
    case 'changePasswordIp':
      return {
        points: env.RATE_LIMIT_CHANGE_PASSWORD_MAX * 4,
        duration: env.RATE_LIMIT_CHANGE_PASSWORD_WINDOW_SECONDS,
      };
  }
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

function tooManyRequests(msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${wait}.`, {
    headers: { 'Retry-After': String(seconds) },
  });
}

/** Counts one attempt; throws 429 once the limit for this key is used up. */
export async function consumeRateLimit(name: LimiterName, key: string): Promise<void> {
  const limiter = await getLimiter(name);
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext);
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
