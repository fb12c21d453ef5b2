import { describe, expect, it } from 'vitest';
import { FILES_COOKIE, linkCookieText, TASK_LINK_COOKIE } from './link-cookie';

/** A token whose claims say it expires at `exp` (seconds); the signature is not read here. */
function tokenExpiringAt(exp: number): string {
  const payload = Buffer.from(JSON.stringify({ sub: 'u1', exp })).toString('base64url');
  return `header.${payload}.signature`;
}

describe('the task links’ cookie', () => {
  it('holds the token for /t only, Lax, until the token expires', () => {
    const token = tokenExpiringAt(1_000 + 3_600);
    expect(linkCookieText(token, false, 1_000_000)).toBe(
      `${TASK_LINK_COOKIE}=${token}; Path=/t; SameSite=Lax; Max-Age=3600`,
    );
  });

  it('is Secure over https, and a session cookie for a token without an expiry', () => {
    expect(linkCookieText('a.b.c', true)).toBe(`${TASK_LINK_COOKIE}=a.b.c; Path=/t; SameSite=Lax; Secure`);
  });

  it('is removed at once when the session ends', () => {
    expect(linkCookieText(null, false)).toBe(`${TASK_LINK_COOKIE}=; Path=/t; SameSite=Lax; Max-Age=0`);
  });
});

describe('the files’ cookie', () => {
  it('holds the same token for /api/files only, Lax, until the token expires, and goes with the session', () => {
    const token = tokenExpiringAt(1_000 + 60);
    expect(linkCookieText(token, true, 1_000_000, FILES_COOKIE)).toBe(
      `${FILES_COOKIE}=${token}; Path=/api/files; SameSite=Lax; Secure; Max-Age=60`,
    );
    expect(linkCookieText(null, false, 0, FILES_COOKIE)).toBe(
      `${FILES_COOKIE}=; Path=/api/files; SameSite=Lax; Max-Age=0`,
    );
  });
});
