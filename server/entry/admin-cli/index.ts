import 'server-only';
import { parseArgs } from 'node:util';
import { EnvError } from '@/server/env';
import { AppError } from '@/server/errors';
import {
  createAdmin,
  parseEmailArgument,
  parseRoleArgument,
  printUsers,
  resetPasswordLink,
  resetTwoFactorCommand,
  sendTestMailCommand,
  setRole,
  type PasswordSource,
} from './commands';
import { CliError, EXIT, type CliIo } from './io';

export { EXIT, type CliIo } from './io';

/** The usage text: `npm run admin` alone, `help`, and after a usage error (on stderr). */
export const USAGE = `Usage: npm run admin -- <command> [options]
  (in the Docker image: docker compose exec app tasklane admin <command> [options])

Commands:
  create-admin --email EMAIL --name NAME [--password-stdin | --generate-password]
      Create an administrator account. The password is asked for (not shown) in a
      terminal, read from stdin with --password-stdin, or made up and shown once
      with --generate-password.
  reset-password EMAIL [--print]
      Create a one-time password reset link. With SMTP_URL set it is mailed to the
      account; without it, or with --print, it is printed here.
  reset-2fa EMAIL
      Turn off two-factor authentication for an account that lost its app and its
      recovery codes, and end its sessions.
  set-role EMAIL admin|user
      Make an account an administrator or a team member. The last administrator
      cannot be demoted.
  list-users [--json]
      Every account (email, name, role, created), newest first.
  send-test-mail EMAIL
      Send a short test email through SMTP_URL, and say why if it fails.
  help
      This text.

Exit status: 0 done, 1 refused or failed (the reason on stderr), 2 wrong usage.`;

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  'generate-password': { type: 'boolean' },
  print: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Which options each command takes; any other is a usage error. */
const ALLOWED: Record<string, readonly (keyof typeof OPTIONS)[]> = {
  'create-admin': ['email', 'name', 'password-stdin', 'generate-password'],
  'reset-password': ['print'],
  'reset-2fa': [],
  'set-role': [],
  'list-users': ['json'],
  'send-test-mail': [],
};

/** How many positional arguments each command takes after its name. */
const POSITIONALS: Record<string, number> = {
  'create-admin': 0,
  'reset-password': 1,
  'reset-2fa': 1,
  'set-role': 2,
  'list-users': 0,
  'send-test-mail': 1,
};

function parse(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // node:util names the option: "Unknown option '--emial'", "Option '--email <value>' argument missing".
    const detail = error instanceof Error ? error.message.replace(/\.? To specify a positional.*$/s, '') : '';
    throw new CliError(`${detail.replace(/\.$/, '')}.`, EXIT.usage);
  }
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<void> {
  const { values, positionals } = parse(argv);
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    io.out(USAGE);
    return;
  }
  if (command === undefined) throw new CliError('', EXIT.usage);
  const allowed = ALLOWED[command];
  if (!allowed) throw new CliError(`Unknown command "${command}".`, EXIT.usage);
  const extra = Object.keys(values).find((name) => !allowed.includes(name as keyof typeof OPTIONS));
  if (extra) throw new CliError(`${command} does not take --${extra}.`, EXIT.usage);
  if (rest.length > POSITIONALS[command]!) {
    throw new CliError(
      `${command} takes ${POSITIONALS[command] || 'no'} argument(s); got "${rest.join(' ')}".`,
      EXIT.usage,
    );
  }
  switch (command) {
    case 'create-admin': {
      if (values['password-stdin'] && values['generate-password']) {
        throw new CliError('Use either --password-stdin or --generate-password, not both.', EXIT.usage);
      }
      const passwordSource: PasswordSource = values['password-stdin']
        ? 'stdin'
        : values['generate-password']
          ? 'generate'
          : 'prompt';
      return createAdmin(io, { email: values.email, name: values.name, passwordSource });
    }
    case 'reset-password':
      return resetPasswordLink(io, { email: parseEmailArgument(rest[0]), print: values.print === true });
    case 'reset-2fa':
      return resetTwoFactorCommand(io, { email: parseEmailArgument(rest[0]) });
    case 'set-role': {
      const email = parseEmailArgument(rest[0]);
      return setRole(io, { email, role: parseRoleArgument(rest[1]) });
    }
    case 'list-users':
      return printUsers(io, { json: values.json === true });
    case 'send-test-mail':
      return sendTestMailCommand(io, { email: parseEmailArgument(rest[0]) });
  }
}

/**
 * `npm run admin -- <command>` (scripts/cli/admin.ts; README, Administration from the command line).
 * Resolves to the exit status; every expected failure is one message on stderr, never a stack.
 */
export async function runAdminCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    await dispatch(argv, io);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CliError) {
      // No command at all: the usage alone.
      if (error.message) io.err(error.message);
      if (error.status === EXIT.usage) io.err(error.message ? `\n${USAGE}` : USAGE);
      return error.status;
    }
    if (error instanceof AppError || error instanceof EnvError) {
      io.err(error.message);
      return EXIT.failed;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.err(`The command failed: ${message}`);
    return EXIT.failed;
  }
}
