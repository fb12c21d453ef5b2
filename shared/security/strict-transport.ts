/**
 * `Strict-Transport-Security` for a deployment whose public address (APP_URL) is https: browsers
 * then never try plain http for a year, so a reset link or a token cannot be read off an http hop.
 * Not sent otherwise (a plain-http deployment would lock itself out). No `includeSubDomains`: other
 * hosts under the same domain are not ours to decide for.
 */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function strictTransportHeader(appUrl: string | undefined): string | null {
  if (!appUrl) return null;
  try {
    return new URL(appUrl).protocol === 'https:' ? `max-age=${HSTS_MAX_AGE_SECONDS}` : null;
  } catch {
    return null;
  }
}
