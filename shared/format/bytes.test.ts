import { describe, expect, it } from 'vitest';
import { formatBytes, parseByteSize } from './bytes';

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

describe('formatBytes at the ends', () => {
  it('writes bytes below a kilobyte and GB from a gigabyte', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 kB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
    expect(formatBytes(2.5 * 1024 ** 3)).toBe('2.5 GB');
  });
});

describe('parseByteSize', () => {
  it('reads whole bytes and sizes with a unit, any case, a space allowed', () => {
    expect(parseByteSize('26214400')).toBe(26_214_400);
    expect(parseByteSize('0')).toBe(0);
    expect(parseByteSize('1MB')).toBe(1_048_576);
    expect(parseByteSize('25MB')).toBe(25 * 1_048_576);
    expect(parseByteSize('25 mb')).toBe(25 * 1_048_576);
    expect(parseByteSize('512KB')).toBe(524_288);
    expect(parseByteSize('2GiB')).toBe(2 * 1024 ** 3);
    expect(parseByteSize('100B')).toBe(100);
    expect(parseByteSize('1.5MB')).toBe(1_572_864);
    expect(parseByteSize(' 3 MiB ')).toBe(3 * 1_048_576);
  });

  it('refuses what is not a size', () => {
    for (const text of ['', 'MB', '-1', '1TB', '1.5', '1.5B', 'ten MB', '1 M B', '0x10', '1e3']) {
      expect(parseByteSize(text), text).toBeNull();
    }
  });
});
