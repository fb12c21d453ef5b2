// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { addCalendarEvent, calendarEventsStore } from './calendar-events';
import { StorageQuotaError } from '@/shared/browser-storage/local-store';

const MEETING = { title: 'Team meeting', start: '2026-04-02', type: 'event' as const, allDay: true };

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('calendarEventsStore', () => {
  it("reads a missing or unknown type as 'event' and keeps unknown fields", () => {
    localStorage.setItem(
      'calendarEvents',
      JSON.stringify([
        { title: 'Old', start: '2026-01-01' },
        { title: 'Due', start: '2026-01-02', type: 'deadline', end: '2026-01-03', color: 'red' },
      ]),
    );

    expect(calendarEventsStore.read()).toEqual([
      { title: 'Old', start: '2026-01-01', type: 'event' },
      { title: 'Due', start: '2026-01-02', type: 'deadline', end: '2026-01-03', color: 'red' },
    ]);
  });
});

describe('addCalendarEvent', () => {
  it('appends the event to the stored ones and tells subscribers', () => {
    localStorage.setItem(
      'calendarEvents',
      JSON.stringify([{ title: 'First', start: '2026-01-01', type: 'event' }]),
    );
    const listener = vi.fn();
    const unsubscribe = calendarEventsStore.subscribe(listener);

    addCalendarEvent(MEETING);

    expect(JSON.parse(localStorage.getItem('calendarEvents') ?? 'null')).toEqual([
      { title: 'First', start: '2026-01-01', type: 'event' },
      MEETING,
    ]);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('throws StorageQuotaError and keeps what was stored when storage is full', () => {
    localStorage.setItem('calendarEvents', '[]');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });

    expect(() => addCalendarEvent(MEETING)).toThrow(StorageQuotaError);
    expect(localStorage.getItem('calendarEvents')).toBe('[]');
  });
});
