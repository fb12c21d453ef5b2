import { describe, expect, it } from 'vitest';
import {
  authorText,
  conflictsIntro,
  fieldLabel,
  formatConflictValue,
  formatWhen,
  markerLabel,
} from './conflict-text';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('conflict texts', () => {
  it('names task fields as the screens do, and keeps an unknown field’s own name', () => {
    expect(['title', 'assignedTo', 'progress', 'column', 'colour'].map(fieldLabel)).toEqual([
      'Title',
      'Assigned to',
      'Progress',
      'Board column',
      'colour',
    ]);
  });

  it('names a checklist item by its text (the replaced value’s, else the current one’s), not its field', () => {
    const milk = { text: 'Buy milk', done: true, pos: 1 };
    expect(fieldLabel('ck_ab12cd34', milk, null)).toBe('Checklist item "Buy milk"');
    expect(fieldLabel('ck_ab12cd34', null, { ...milk, text: 'Buy oat milk' })).toBe(
      'Checklist item "Buy oat milk"',
    );
    expect(fieldLabel('ck_ab12cd34')).toBe('Checklist item');
    expect(fieldLabel('ck_ab12cd34', 'not an item')).toBe('Checklist item');
    expect(formatConflictValue('ck_ab12cd34', milk)).toBe('Buy milk (done)');
    expect(formatConflictValue('ck_ab12cd34', { ...milk, done: false })).toBe('Buy milk (not done)');
    expect(formatConflictValue('ck_ab12cd34', null)).toBe('(deleted)');
    // A field that only looks like one keeps the general rules.
    expect(fieldLabel('ck_')).toBe('ck_');
  });

  it('shows values as a person reads them', () => {
    expect(formatConflictValue('title', 'Ship it')).toBe('Ship it');
    expect(formatConflictValue('description', '  ')).toBe('(empty)');
    expect(formatConflictValue('deadline', null)).toBe('(none)');
    expect(formatConflictValue('progress', 40)).toBe('40%');
    expect(formatConflictValue('count', 3)).toBe('3');
    expect(formatConflictValue('flag', true)).toBe('Yes');
    expect(formatConflictValue('tags', ['a', 'b'])).toBe('["a","b"]');
  });

  it('counts in the marker’s name and says who and when', () => {
    expect(markerLabel(1, 'Plan')).toBe('Review 1 replaced value of “Plan”');
    expect(markerLabel(2, 'Plan')).toBe('Review 2 replaced values of “Plan”');
    expect(conflictsIntro('Plan')).toBe(
      '“Plan”: these values were replaced by a concurrent edit. Restore one to make it the task’s value again, or dismiss it.',
    );
    expect(authorText('Asha Rao')).toBe('By Asha Rao');
    expect(authorText(null)).toBe('By a former team member');
  });

  it('says when relative to now', () => {
    expect(formatWhen(ago(30_000), NOW)).toBe('just now');
    expect(formatWhen(ago(-5_000), NOW)).toBe('just now');
    expect(formatWhen('not a date', NOW)).toBe('just now');
    expect(formatWhen(ago(60_000), NOW)).toBe('1 minute ago');
    expect(formatWhen(ago(5 * 60_000 + 59_000), NOW)).toBe('5 minutes ago');
    expect(formatWhen(ago(3 * 3_600_000), NOW)).toBe('3 hours ago');
    expect(formatWhen(ago(26 * 3_600_000), NOW)).toBe('yesterday');
    expect(formatWhen(ago(3 * 86_400_000), NOW)).toBe('3 days ago');
  });
});
