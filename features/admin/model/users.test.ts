import { describe, expect, it } from 'vitest';
import { adminUserPath, getRecentUsers, sortUsersNewestFirst, type AdminUser } from './users';

function user(email: string, createdAt: string, role: AdminUser['role'] = 'user'): AdminUser {
  return { fullName: email.split('@')[0] ?? email, email, role, createdAt };
}

describe('sortUsersNewestFirst (Manage Users: newest first by createdAt)', () => {
  it('puts the newest first and does not change its input', () => {
    const users = Object.freeze([
      user('old@x.io', '2025-01-01T00:00:00.000Z'),
      user('new@x.io', '2026-06-01T00:00:00.000Z'),
      user('mid@x.io', '2025-06-01T12:00:00.000Z'),
    ]);
    expect(sortUsersNewestFirst(users).map((u) => u.email)).toEqual(['new@x.io', 'mid@x.io', 'old@x.io']);
    expect(users[0]?.email).toBe('old@x.io');
  });

  it('keeps the server order for equal dates and puts unreadable dates last', () => {
    const users = [
      user('bad@x.io', 'not a date'),
      user('a@x.io', '2025-01-01T00:00:00.000Z'),
      user('b@x.io', '2025-01-01T00:00:00.000Z'),
    ];
    expect(sortUsersNewestFirst(users).map((u) => u.email)).toEqual(['a@x.io', 'b@x.io', 'bad@x.io']);
  });

  it('compares instants, not text (time zone offsets)', () => {
    const users = [user('utc@x.io', '2025-01-01T10:00:00Z'), user('ist@x.io', '2025-01-01T15:00:00+05:30')];
    // 15:00 in Kolkata is 09:30 UTC: earlier than 10:00 UTC.
    expect(sortUsersNewestFirst(users).map((u) => u.email)).toEqual(['utc@x.io', 'ist@x.io']);
  });
});

describe('getRecentUsers', () => {
  it('answers the newest few, newest first', () => {
    const users = Array.from({ length: 8 }, (_, i) => user(`u${i}@x.io`, `2025-01-0${i + 1}T00:00:00Z`));
    expect(getRecentUsers(users).map((u) => u.email)).toEqual([
      'u7@x.io',
      'u6@x.io',
      'u5@x.io',
      'u4@x.io',
      'u3@x.io',
    ]);
    expect(getRecentUsers(users, 2)).toHaveLength(2);
    expect(getRecentUsers([], 5)).toEqual([]);
  });
});

describe('adminUserPath (Endpoint: update user: the email identifies the user in paths)', () => {
  it('percent-encodes the email', () => {
    expect(adminUserPath('a.b@x.io')).toBe('/admin/users/a.b%40x.io');
    expect(adminUserPath('a+b/c%d@x.io')).toBe('/admin/users/a%2Bb%2Fc%25d%40x.io');
  });
});
