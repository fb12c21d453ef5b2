import { describe, expect, it } from 'vitest';
import { describeAccountNameProblem } from './names';

describe('describeAccountNameProblem', () => {
  it('refuses an empty name and one over 100 characters, as sign-up does', () => {
    expect(describeAccountNameProblem('')).toBe('Name is required.');
    expect(describeAccountNameProblem('   ')).toBe('Name is required.');
    expect(describeAccountNameProblem('x'.repeat(101))).toBe('Name must be at most 100 characters.');
  });

  it('accepts a name of 1 to 100 characters once trimmed', () => {
    expect(describeAccountNameProblem('A')).toBeNull();
    expect(describeAccountNameProblem(` ${'x'.repeat(100)} `)).toBeNull();
  });
});
