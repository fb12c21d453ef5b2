import { describe, expect, it } from 'vitest';
import { canEnterArea } from './area-access';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (role: string, exp?: number) => `${encode({ alg: 'HS256' })}.${encode({ role, exp })}.sig`;

describe('canEnterArea', () => {
  const now = Date.UTC(2026, 5, 1);
  const later = now / 1000 + 3600;

  it('lets any valid session into /user and only admins into /admin', () => {
    expect(canEnterArea('user', token('user', later), now)).toBe(true);
    expect(canEnterArea('user', token('admin', later), now)).toBe(true);
    expect(canEnterArea('admin', token('admin', later), now)).toBe(true);
    expect(canEnterArea('admin', token('user', later), now)).toBe(false);
  });

  it('keeps out missing, malformed and expired tokens', () => {
    for (const area of ['user', 'admin'] as const) {
      expect(canEnterArea(area, null, now)).toBe(false);
      expect(canEnterArea(area, 'garbage', now)).toBe(false);
      expect(canEnterArea(area, token('admin', now / 1000 - 1), now)).toBe(false);
    }
  });
});
