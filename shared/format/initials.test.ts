import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first and last word', () => {
    expect(initialsOf('Ana Maria Author')).toBe('AA');
    expect(initialsOf('ben')).toBe('B');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
  });
});
