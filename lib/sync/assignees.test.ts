import { describe, expect, it } from 'vitest';
import { assigneeOptions, compareNames } from './assignees';

const user = (id: string, name: string) => ({ id, name });

describe('assigneeOptions', () => {
  it('lists every name once, sorted, with the current value and the signed-in user even when missing', () => {
    const options = assigneeOptions({
      users: [user('2', 'bob Member'), user('1', 'Alice Member')],
      current: 'Unknown User',
      self: 'Zed Offline',
    });
    expect(options.map((option) => option.name)).toEqual([
      'Alice Member',
      'bob Member',
      'Unknown User',
      'Zed Offline',
    ]);
    expect(options.every((option) => !option.disabled && option.label === option.name)).toBe(true);
  });

  it('with no list (offline or failed) offers the current value and the signed-in user only', () => {
    expect(assigneeOptions({ users: [], current: 'Bob Member', self: 'Alice Member' })).toEqual([
      { name: 'Alice Member', label: 'Alice Member', disabled: false },
      { name: 'Bob Member', label: 'Bob Member', disabled: false },
    ]);
    expect(assigneeOptions({ users: [], current: 'Alice Member', self: 'Alice Member' })).toHaveLength(1);
    expect(assigneeOptions({ users: [], current: null, self: null })).toEqual([]);
  });

  it('disables a name two users share, unless it is the current value or the signed-in user’s', () => {
    const users = [user('1', 'Sam Lee'), user('2', 'Sam Lee'), user('3', 'Ann Ray')];
    expect(assigneeOptions({ users, current: 'Ann Ray', self: 'Ann Ray' })).toEqual([
      { name: 'Ann Ray', label: 'Ann Ray', disabled: false },
      { name: 'Sam Lee', label: 'Sam Lee (name shared by 2 users)', disabled: true },
    ]);
    expect(assigneeOptions({ users, current: 'Sam Lee', self: 'Ann Ray' })[1]).toEqual({
      name: 'Sam Lee',
      label: 'Sam Lee',
      disabled: false,
    });
  });
});

describe('compareNames', () => {
  it('orders names by a fixed locale, not by code unit', () => {
    expect(['bob', 'Alice', 'Émile', 'Zoe'].sort(compareNames)).toEqual(['Alice', 'bob', 'Émile', 'Zoe']);
  });
});
