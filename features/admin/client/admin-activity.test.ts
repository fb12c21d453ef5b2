// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ACTIVITY_LOG_MAX } from '@/shared/constants';
import {
  ADMIN_ACTIVITY_LOG_KEY,
  addActivityEntry,
  adminActivityLogStore,
  latestActivity,
  profileUpdatedEntry,
} from './admin-activity';

beforeEach(() => localStorage.clear());

const corruptKeys = () =>
  Object.keys(localStorage).filter((key) => key.startsWith(`${ADMIN_ACTIVITY_LOG_KEY}.corrupt.`));

describe('addActivityEntry (Recent Activity: the 5 latest, newest first)', () => {
  it('puts the new entry first', () => {
    expect(addActivityEntry([], 'a')).toEqual(['a']);
    expect(addActivityEntry(['b', 'a'], 'c')).toEqual(['c', 'b', 'a']);
  });

  it('keeps at most 5 entries, dropping the oldest', () => {
    expect(ADMIN_ACTIVITY_LOG_MAX).toBe(5);
    const five = ['5', '4', '3', '2', '1'];
    expect(addActivityEntry(five, '6')).toEqual(['6', '5', '4', '3', '2']);
    const seven = ['7', '6', '5', '4', '3', '2', '1'];
    expect(addActivityEntry(seven, '8')).toEqual(['8', '7', '6', '5', '4']);
  });

  it('does not change the list it was given', () => {
    const log = Object.freeze(['b', 'a']);
    expect(addActivityEntry(log, 'c')).not.toBe(log);
    expect(log).toEqual(['b', 'a']);
  });
});

describe('latestActivity', () => {
  it('shows at most 5 entries, newest first', () => {
    expect(latestActivity([])).toEqual([]);
    expect(latestActivity(['7', '6', '5', '4', '3', '2', '1'])).toEqual(['7', '6', '5', '4', '3']);
  });
});

describe('profileUpdatedEntry', () => {
  it("reads 'Updated profile on {date-time}' in Asia/Kolkata, en-IN", () => {
    // 20:00 UTC on 21 Nov is 01:30 on 22 Nov in Kolkata.
    expect(profileUpdatedEntry(new Date('2026-11-21T20:00:00Z'))).toMatch(
      /^Updated profile on 22\/11\/(20)?26, 1:30:00\sam$/i,
    );
  });
});

describe('adminActivityLogStore (key adminActivityLog)', () => {
  it('reads an empty list when nothing is stored', () => {
    expect(adminActivityLogStore.read()).toEqual([]);
  });

  it('writes JSON under adminActivityLog and reads it back', () => {
    adminActivityLogStore.update((log) => addActivityEntry(log, 'first'));
    adminActivityLogStore.update((log) => addActivityEntry(log, 'second'));
    expect(localStorage.getItem('adminActivityLog')).toBe('["second","first"]');
    expect(adminActivityLogStore.read()).toEqual(['second', 'first']);
  });

  it('drops entries that are not text, keeps the others and copies the original aside', () => {
    const raw = JSON.stringify(['kept', 42, null, 'also kept', { text: 'x' }]);
    localStorage.setItem('adminActivityLog', raw);
    expect(adminActivityLogStore.read()).toEqual(['kept', 'also kept']);
    const copies = corruptKeys();
    expect(copies).toHaveLength(1);
    expect(localStorage.getItem(copies[0]!)).toBe(raw);
  });

  it('reads an empty list from text that is not a list, keeping the text aside', () => {
    for (const raw of ['not json', '{"a":1}', '"text"']) {
      localStorage.clear();
      localStorage.setItem('adminActivityLog', raw);
      expect(adminActivityLogStore.read(), raw).toEqual([]);
      expect(
        corruptKeys().map((key) => localStorage.getItem(key)),
        raw,
      ).toEqual([raw]);
    }
  });
});
