import { describe, expect, it } from 'vitest';
import { loginReturningTo, readReturnPath } from './return-path';

describe('readReturnPath', () => {
  it('takes a task key’s link only', () => {
    expect(readReturnPath('/t/OPS-12')).toBe('/t/OPS-12');
    expect(readReturnPath('/t/ops-1')).toBe('/t/ops-1');
    for (const value of [
      null,
      undefined,
      '',
      '/t/OPS-0',
      '/t/O-1',
      '//evil.example/t/OPS-1',
      'https://evil.example',
      '/admin',
      '/t/OPS-12/x',
      '/t/OPS-12?x=1',
    ]) {
      expect(readReturnPath(value), String(value)).toBeNull();
    }
  });

  it('makes the login link that comes back, and reads it again', () => {
    const link = loginReturningTo('/t/OPS-12');
    expect(link).toBe('/login?next=%2Ft%2FOPS-12');
    expect(readReturnPath(new URL(link, 'http://x').searchParams.get('next'))).toBe('/t/OPS-12');
  });
});
