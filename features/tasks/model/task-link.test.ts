import { describe, expect, it } from 'vitest';
import { findTaskByKey, taskHref, taskKey, withoutTaskParam, withTaskParam } from './task-link';

describe('task links', () => {
  it('names a task by its sync identity when it has one, else by its id', () => {
    expect(taskKey({ id: '1700000000000' })).toBe('1700000000000');
    expect(taskKey({ id: '1700000000000', uid: 'a1b2' })).toBe('a1b2');
    expect(taskKey({ id: '17', uid: '' })).toBe('17');
  });

  it('finds by uid first, then by id', () => {
    const tasks = [
      { id: 'u1', title: 'id that looks like a uid' },
      { id: '5', uid: 'u1', title: 'synced' },
    ];
    expect(findTaskByKey(tasks, 'u1')?.title).toBe('synced');
    expect(findTaskByKey(tasks, '5')?.title).toBe('synced');
    expect(findTaskByKey(tasks, 'none')).toBeUndefined();
  });

  it('sets and removes the parameter, keeping the others', () => {
    expect(withTaskParam('?q=plan&priority=High', '42')).toBe('?q=plan&priority=High&task=42');
    expect(withTaskParam('q=plan&task=42', null)).toBe('?q=plan');
    expect(withTaskParam('?task=42', null)).toBe('');
    expect(withTaskParam('', 'a b')).toBe('?task=a+b');
    expect(withoutTaskParam('q=x&task=7&due=today')).toBe('q=x&due=today');
    expect(withoutTaskParam('?q=x')).toBe('q=x');
    expect(taskHref('/user/dashboard', '?q=x', { id: '7' })).toBe('/user/dashboard?q=x&task=7');
  });
});
