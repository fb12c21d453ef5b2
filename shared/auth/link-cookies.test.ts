import { describe, expect, it } from 'vitest';
import { cookieValue, FILES_COOKIE } from './link-cookies';

describe('cookieValue', () => {
  it('finds the named cookie among others, decoded, and nothing else', () => {
    const header = `theme=dark; ${FILES_COOKIE}=a.b%3Dc; other=1`;
    expect(cookieValue(header, FILES_COOKIE)).toBe('a.b=c');
    expect(cookieValue(header, 'tasklane_link')).toBeUndefined();
    expect(cookieValue(null, FILES_COOKIE)).toBeUndefined();
    expect(cookieValue(`${FILES_COOKIE}=%E0%A4%A`, FILES_COOKIE)).toBeUndefined();
    expect(cookieValue(`x${FILES_COOKIE}=1`, FILES_COOKIE)).toBeUndefined();
  });
});
