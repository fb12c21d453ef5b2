import { describe, expect, it } from 'vitest';
import { formatAdminDate, formatAdminDateTime } from './admin-dates';

describe('admin dates (Constants: en-IN, Asia/Kolkata)', () => {
  it('shows the Kolkata calendar day, not the UTC one', () => {
    // 20:00 UTC on 21 Nov is 01:30 on 22 Nov in Kolkata (UTC+5:30).
    expect(formatAdminDate('2026-11-21T20:00:00Z')).toBe('22/11/2026');
    expect(formatAdminDate(new Date('2026-11-21T18:00:00Z'))).toBe('21/11/2026');
  });

  it('shows date and time in Kolkata', () => {
    expect(formatAdminDateTime('2026-11-21T20:00:00Z')).toMatch(/^22\/11\/(20)?26, 1:30:00\sam$/i);
  });

  it('answers a dash for what is not a date', () => {
    expect(formatAdminDate('not a date')).toBe('—');
    expect(formatAdminDateTime(Number.NaN)).toBe('—');
  });
});
