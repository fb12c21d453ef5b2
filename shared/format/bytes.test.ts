import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('writes kB below a megabyte and MB from it, with at most one decimal', () => {
    expect(formatBytes(100 * 1024)).toBe('100 kB');
    expect(formatBytes(32 * 1024)).toBe('32 kB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(5_000_000)).toBe('4.8 MB');
  });
});
