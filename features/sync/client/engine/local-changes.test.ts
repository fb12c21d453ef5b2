import { describe, expect, it } from 'vitest';
import { createMeta } from '../replica';
import { sampleTask } from '../../testing/fixtures';
import { answerIfNothingToAsk } from './local-changes';

describe('answerIfNothingToAsk', () => {
  it('answers the first-sync question with upload when no task is left to ask about', () => {
    const meta = createMeta('user-1', 'client');
    expect(answerIfNothingToAsk(meta, [])).toBe(true);
    expect(meta.decided).toBe('upload');
  });

  it('counts a task kept on this device only as nothing to ask about', () => {
    const meta = createMeta('user-1', 'client');
    meta.localOnly = ['1'];
    expect(answerIfNothingToAsk(meta, [sampleTask({ id: '1' })])).toBe(true);
    expect(meta.decided).toBe('upload');
  });

  it('leaves the question to the user while a task of this browser is not synced', () => {
    const meta = createMeta('user-1', 'client');
    expect(answerIfNothingToAsk(meta, [sampleTask()])).toBe(false);
    expect(meta.decided).toBeNull();
  });

  it('leaves an answer given alone', () => {
    const meta = createMeta('user-1', 'client');
    meta.decided = 'keep';
    expect(answerIfNothingToAsk(meta, [])).toBe(false);
    expect(meta.decided).toBe('keep');
  });
});
