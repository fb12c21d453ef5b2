import { describe, expect, it } from 'vitest';
import { assigneeOptions, compareNames } from './assignees';

const user = (id: string, name: string) => ({ id, name });
const option = (id: string | null, name: string, label = name, disabled = false) => ({
  value: id ?? '',
  id,
  name,
  label,
  disabled,
});

describe('assigneeOptions', () => {
  it('lists every user once, sorted, with the current assignee and the signed-in user even when missing', () => {
    const options = assigneeOptions({
      users: [user('2', 'bob Member'), user('1', 'Alice Member'), user('1', 'Alice Member')],
      current: { id: '9', name: 'Gone User' },
      self: { id: '7', name: 'Zed Offline' },
    });
    expect(options).toEqual([
      option('1', 'Alice Member'),
      option('2', 'bob Member'),
      option('9', 'Gone User'),
      option('7', 'Zed Offline'),
    ]);
  });

  it('with no list (offline or failed) offers the current assignee and the signed-in user only', () => {
    expect(
      assigneeOptions({
        users: [],
        current: { id: 'b', name: 'Bob Member' },
        self: { id: 'a', name: 'Alice Member' },
      }),
    ).toEqual([option('a', 'Alice Member'), option('b', 'Bob Member')]);
    const alice = { id: 'a', name: 'Alice Member' };
    expect(assigneeOptions({ users: [], current: alice, self: alice })).toHaveLength(1);
    expect(assigneeOptions({ users: [], current: null, self: null })).toEqual([]);
  });

  it('offers a current assignee without an id (unassigned, or named by an older version) as value ""', () => {
    expect(
      assigneeOptions({ users: [user('a', 'Ann Ray')], current: { id: null, name: 'Unassigned' } }),
    ).toEqual([option('a', 'Ann Ray'), option(null, 'Unassigned')]);
  });

  it('disables a name two users share, except the current assignee and the signed-in user', () => {
    const users = [user('1', 'Sam Lee'), user('2', 'Sam Lee'), user('3', 'Ann Ray')];
    const ann = { id: '3', name: 'Ann Ray' };
    expect(assigneeOptions({ users, current: ann, self: ann })).toEqual([
      option('3', 'Ann Ray'),
      option('1', 'Sam Lee', 'Sam Lee (name shared by 2 users)', true),
      option('2', 'Sam Lee', 'Sam Lee (name shared by 2 users)', true),
    ]);
    // The current assignee is one of the two: that one stays choosable, by its id.
    expect(assigneeOptions({ users, current: { id: '2', name: 'Sam Lee' }, self: ann })).toEqual([
      option('3', 'Ann Ray'),
      option('1', 'Sam Lee', 'Sam Lee (name shared by 2 users)', true),
      option('2', 'Sam Lee'),
    ]);
  });
});

describe('assigneeOptions with lookalike names', () => {
  const joined = (id: string, name: string, joinedAt: string) => ({ id, name, joinedAt });

  it('labels people whose names look alike with the day they joined, and keeps every one choosable', () => {
    const options = assigneeOptions({
      users: [
        joined('1', 'Sam Lee', '2026-03-02T09:15:00.000Z'),
        joined('2', 'Sam Lee', '2026-11-28T22:40:10.000Z'),
        joined('3', 'Ѕam Lee', '2026-11-29T08:00:00.000Z'),
        user('4', 'Ann Ray'),
      ],
    });
    expect(options).toEqual([
      option('4', 'Ann Ray'),
      option('1', 'Sam Lee', 'Sam Lee (joined 2026-03-02)'),
      option('2', 'Sam Lee', 'Sam Lee (joined 2026-11-28)'),
      option('3', 'Ѕam Lee', 'Ѕam Lee (joined 2026-11-29)'),
    ]);
  });

  it('says the minute (UTC) when two of them joined on the same day, the second or a number when needed', () => {
    const options = assigneeOptions({
      users: [joined('1', 'Bo', '2026-11-29T08:00:59.000Z'), joined('2', 'BO', '2026-11-29T08:01:00.000Z')],
    });
    expect(options.map((choice) => choice.label)).toEqual([
      'Bo (joined 2026-11-29 08:00 UTC)',
      'BO (joined 2026-11-29 08:01 UTC)',
    ]);
    expect(options.every((choice) => !choice.disabled)).toBe(true);
    const sameMinute = assigneeOptions({
      users: [
        joined('1', 'Bo', '2026-11-29T08:00:01.000Z'),
        joined('2', 'Bo', '2026-11-29T08:00:02.500Z'),
        joined('3', 'Bo', '2026-11-29T08:00:02.900Z'),
      ],
    });
    expect(sameMinute.map((choice) => choice.label)).toEqual([
      'Bo (joined 2026-11-29 08:00:01 UTC)',
      'Bo (joined 2026-11-29 08:00:02 UTC, 1)',
      'Bo (joined 2026-11-29 08:00:02 UTC, 2)',
    ]);
  });

  it('treats an unreadable joinedAt as absent (a shared name without it stays disabled)', () => {
    const options = assigneeOptions({
      users: [{ id: '1', name: 'Sam Lee', joinedAt: 'soon' }, user('2', 'Sam Lee')],
    });
    expect(options.map((choice) => [choice.label, choice.disabled])).toEqual([
      ['Sam Lee (name shared by 2 users)', true],
      ['Sam Lee (name shared by 2 users)', true],
    ]);
  });
});

describe('compareNames', () => {
  it('orders names by a fixed locale, not by code unit', () => {
    expect(['bob', 'Alice', 'Émile', 'Zoe'].sort(compareNames)).toEqual(['Alice', 'bob', 'Émile', 'Zoe']);
  });
});
