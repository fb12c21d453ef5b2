/** What a command reads from and writes to: the terminal in scripts/cli/admin.ts, buffers in tests. */
export interface CliIo {
  /** One line of the command's result, on stdout. */
  out(line: string): void;
  /** One line of explanation (a refusal, a failure), on stderr. */
  err(line: string): void;
  /** All of stdin, for `--password-stdin`. */
  readStdin(): Promise<string>;
  /** Asks for a secret without echoing it; null when stdin is not a terminal. */
  promptSecret: ((question: string) => Promise<string>) | null;
}

/** Exit statuses (README, Administration from the command line). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * An expected way for a command to end early: its message (one or more whole sentences, no stack)
 * goes to stderr and the process exits with `status`; `usage` also prints the usage text.
 */
export class CliError extends Error {
  override name = 'CliError';

  constructor(
    message: string,
    readonly status: (typeof EXIT)['failed' | 'usage'] = EXIT.failed,
  ) {
    super(message);
  }
}
