import { AppError } from '../errors';
import { EnvError } from '../env';

/** A wrong command line: the message and the usage are printed, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface ParsedArgs {
  file: string;
  flags: Set<string>;
}

/** One FILE (`-` for stdin/stdout) and the allowed flags; anything else is a UsageError. */
export function parseArgs(argv: readonly string[], allowedFlags: readonly string[]): ParsedArgs {
  const flags = new Set<string>();
  const files: string[] = [];
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') flags.add('--help');
    else if (arg.startsWith('--')) {
      if (!allowedFlags.includes(arg)) throw new UsageError(`Unknown option ${arg}.`);
      flags.add(arg);
    } else files.push(arg);
  }
  if (flags.has('--help')) return { file: '', flags };
  if (files.length !== 1) throw new UsageError(files.length ? 'Give exactly one FILE.' : 'Give the FILE.');
  return { file: files[0]!, flags };
}

/**
 * Runs a command-line entry: expected failures (a bad file, a refused restore, a bad environment)
 * print one line and exit 1, a usage mistake exits 2, anything else prints its message (no stack
 * trace) and exits 1. Everything goes to stderr: stdout may be the backup itself.
 */
export function runCommand(usage: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof UsageError) {
        process.stderr.write(`${error.message}\n${usage}\n`);
        process.exit(2);
      }
      const known = error instanceof AppError || error instanceof EnvError;
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(known ? `${message}\n` : `Failed: ${message}\n`);
      process.exit(1);
    },
  );
}
