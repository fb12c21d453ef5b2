// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { reminderPrefsStore, saveReminderPrefs } from '@/shared/notifications/desktop-switch';
import { notifiedStore } from './reminder-store';

beforeEach(() => localStorage.clear());

describe('reminder stores', () => {
  it('read desktop reminders as off until saved, then as saved', () => {
    expect(reminderPrefsStore.read()).toEqual({ enabled: false });
    saveReminderPrefs({ enabled: true });
    expect(localStorage.getItem('tasklane.reminders')).toBe('{"enabled":true}');
    expect(reminderPrefsStore.read()).toEqual({ enabled: true });
  });

  it('read the notified record, and nothing for a record of the wrong shape (kept aside)', () => {
    expect(notifiedStore.read()).toBeNull();
    localStorage.setItem('tasklane.notified', JSON.stringify({ day: '2026-03-10', ids: ['1', '2'] }));
    expect(notifiedStore.read()).toEqual({ day: '2026-03-10', ids: ['1', '2'] });
    for (const bad of [{ day: 'yesterday', ids: [] }, { day: '2026-03-10', ids: [1] }, []]) {
      localStorage.setItem('tasklane.notified', JSON.stringify(bad));
      expect(notifiedStore.read()).toBeNull();
    }
    localStorage.setItem('tasklane.reminders', '{"enabled":"yes"}');
    expect(reminderPrefsStore.read()).toEqual({ enabled: false });
    expect(Object.keys(localStorage).some((key) => key.startsWith('tasklane.reminders.corrupt.'))).toBe(true);
  });
});
