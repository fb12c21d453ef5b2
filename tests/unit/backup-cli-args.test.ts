import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '@/server/backup/cli';

describe('the backup and restore command lines', () => {
  it('take one FILE (or - for stdin/stdout) and the allowed flags, in any order', () => {
    expect(parseArgs(['team.tlbak'], [])).toEqual({ file: 'team.tlbak', flags: new Set() });
    expect(parseArgs(['--force', '-'], ['--force'])).toEqual({ file: '-', flags: new Set(['--force']) });
    expect(parseArgs(['-', '--force'], ['--force']).flags.has('--force')).toBe(true);
  });

  it('refuse no file, two files and unknown options with a sentence', () => {
    expect(() => parseArgs([], [])).toThrow(new UsageError('Give the FILE.'));
    expect(() => parseArgs(['a', 'b'], [])).toThrow(new UsageError('Give exactly one FILE.'));
    expect(() => parseArgs(['a', '--force'], [])).toThrow(new UsageError('Unknown option --force.'));
  });

  it('--help needs no file', () => {
    expect(parseArgs(['--help'], []).flags.has('--help')).toBe(true);
    expect(parseArgs(['-h'], []).flags.has('--help')).toBe(true);
  });
});
