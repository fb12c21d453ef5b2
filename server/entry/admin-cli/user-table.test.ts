import { describe, expect, it } from 'vitest';
import { formatCreated, formatUserTable } from './user-table';

describe('formatUserTable', () => {
  it('pads each column to its widest value and counts the accounts and admins', () => {
    const lines = formatUserTable([
      {
        email: 'ada@example.com',
        fullName: 'Ada Admin',
        role: 'admin',
        createdAt: '2026-11-27T09:05:12.000Z',
      },
      { email: 'b@example.org', fullName: 'Bo Ng', role: 'user', createdAt: '2026-01-02T03:04:00.000Z' },
    ]);
    expect(lines).toEqual([
      'EMAIL            NAME       ROLE   CREATED',
      'ada@example.com  Ada Admin  admin  2026-11-27 09:05 UTC',
      'b@example.org    Bo Ng      user   2026-01-02 03:04 UTC',
      '2 accounts, 1 administrator.',
    ]);
  });

  it('measures names by characters, not UTF-16 units', () => {
    const lines = formatUserTable([
      { email: 'e@x.io', fullName: '😀 Zoë', role: 'user', createdAt: '2026-11-27T09:05:00.000Z' },
      { email: 'f@x.io', fullName: 'Al', role: 'user', createdAt: '2026-11-27T09:05:00.000Z' },
    ]);
    expect(lines[1]).toBe('e@x.io  😀 Zoë  user  2026-11-27 09:05 UTC');
    expect(lines[2]).toBe('f@x.io  Al     user  2026-11-27 09:05 UTC');
    expect(lines[3]).toBe('2 accounts, 0 administrators.');
  });

  it('says how to start when there is no account', () => {
    expect(formatUserTable([])).toEqual([
      'No accounts yet. Create the first administrator with create-admin.',
    ]);
  });
});

describe('formatCreated', () => {
  it('shows UTC to the minute, and anything unreadable as it came', () => {
    expect(formatCreated('2026-04-30T23:59:59.999Z')).toBe('2026-04-30 23:59 UTC');
    expect(formatCreated('yesterday')).toBe('yesterday');
  });
});
