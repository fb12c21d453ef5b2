import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/http/http';
import { EMAIL_REMINDER_TEXTS } from './email-reminder-texts';
import { saveFailureText, timeZoneOptions } from './use-email-reminder-form';

describe('saveFailureText', () => {
  it("prefers the server's message", () => {
    const error = new ApiError('http', 'Request failed', { status: 400, body: { message: 'Bad zone.' } });
    expect(saveFailureText(error)).toBe('Bad zone.');
  });

  it("shows an HTTP error's own text when the server sent no message", () => {
    expect(saveFailureText(new ApiError('http', 'Request failed (500)', { status: 500 }))).toBe(
      'Request failed (500)',
    );
  });

  it('gives the connection hint for no answer or anything else', () => {
    expect(saveFailureText(new ApiError('network', 'offline'))).toBe(EMAIL_REMINDER_TEXTS.saveFailed);
    expect(saveFailureText(new ApiError('timeout', 'slow'))).toBe(EMAIL_REMINDER_TEXTS.saveFailed);
    expect(saveFailureText(new Error('bug'))).toBe(EMAIL_REMINDER_TEXTS.saveFailed);
  });
});

describe('timeZoneOptions', () => {
  it('includes UTC and the current zone once, sorted', () => {
    const zones = timeZoneOptions('Mars/Olympus');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
    expect(zones).toContain('Mars/Olympus');
    expect(zones).toEqual([...zones].sort());
  });
});
