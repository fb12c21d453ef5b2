import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { emailSchema, registerSchema, roleSchema, type Role } from '@/features/accounts/server/auth-schemas';
import { newUserValues } from '@/features/accounts/server/auth-service';
import { getDatabase, isUniqueViolation } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { describeMailError } from '@/server/mail-errors';
import { buildPasswordResetMail, sendMail } from '@/server/mailer';
import { createResetLink } from '@/features/accounts/server/password-reset-service';
import { sendTestMail, TEST_MAIL_TIMEOUT_MS } from '@/features/admin/server/test-mail-service';
import { resetTwoFactor } from '@/features/accounts/server/two-factor-service';
import { hasAccountFor, listUsers, setUserRole } from '@/features/accounts/server/user-service';
import { logger } from '@/server/logger';
import { CliError, EXIT, type CliIo } from './io';
import { formatUserTable } from './user-table';

/** The first sentence of a failed zod parse, as the sign-up form would show it. */
function firstIssue(result: { success: false; error: { issues: { message: string }[] } }): string {
  return result.error.issues[0]?.message ?? 'Invalid value.';
}

export function parseEmailArgument(value: string | undefined): string {
  if (value === undefined) throw new CliError('Give the account’s email.', EXIT.usage);
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) throw new CliError(`${firstIssue(parsed)} (got "${value}")`);
  return parsed.data;
}

async function findAccount(email: string) {
  const { db, tables } = await getDatabase();
  const { users } = tables;
  const [user] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user) throw new CliError(`No account uses ${email}. See every account with list-users.`);
  return user;
}

/** A password for `--generate-password`: 24 characters of base64url (144 random bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export type PasswordSource = 'stdin' | 'generate' | 'prompt';

async function readPassword(io: CliIo, source: PasswordSource): Promise<string> {
  if (source === 'generate') return generatePassword();
  if (source === 'stdin') return (await io.readStdin()).replace(/\r?\n$/, '');
  if (!io.promptSecret) {
    throw new CliError(
      'No password given: stdin is not a terminal, so it cannot be asked for. Use --password-stdin (and pipe it in) or --generate-password.',
      EXIT.usage,
    );
  }
  const password = await io.promptSecret('Password (at least 8 characters, not shown): ');
  const again = await io.promptSecret('The same password again: ');
  if (password !== again)
    throw new CliError('The two passwords differ. Nothing was created; run the command again.');
  return password;
}

/**
 * `create-admin --email E --name N`: a new administrator account, whatever the sign-up settings say
 * (whoever runs this already controls the server). The email, name and password follow the sign-up
 * rules. An email that already has an account is refused, not promoted: creating must never change an
 * existing account's password or role behind its owner's back; `set-role EMAIL admin` does that, by name.
 */
export async function createAdmin(
  io: CliIo,
  options: { email: string | undefined; name: string | undefined; passwordSource: PasswordSource },
): Promise<void> {
  if (options.email === undefined || options.name === undefined) {
    throw new CliError('create-admin needs --email and --name.', EXIT.usage);
  }
  const preliminary = registerSchema.pick({ email: true, fullName: true }).safeParse({
    email: options.email,
    fullName: options.name,
  });
  if (!preliminary.success) throw new CliError(firstIssue(preliminary));
  const { email } = preliminary.data;
  const database = await getDatabase();
  const taken = `An account with the email ${email} already exists; nothing was changed. To make it an administrator, run set-role ${email} admin.`;
  if (await hasAccountFor(database.db, email)) throw new CliError(taken);

  const password = await readPassword(io, options.passwordSource);
  const parsed = registerSchema.safeParse({ email, fullName: options.name, password, role: 'admin' });
  if (!parsed.success) throw new CliError(`${firstIssue(parsed)} Nothing was created.`);
  const input = parsed.data;
  try {
    await database.db.insert(database.tables.users).values(await newUserValues(input, 'admin'));
  } catch (error) {
    if (isUniqueViolation(error)) throw new CliError(taken);
    throw error;
  }
  const loginUrl = new URL('/login?role=admin', getEnv().APP_URL).toString();
  io.out(`Created the administrator ${input.email} (${input.fullName}). They can log in at ${loginUrl}`);
  if (options.passwordSource === 'generate') {
    io.out(`Password (shown once, store it now): ${input.password}`);
  }
}

/**
 * `reset-password EMAIL [--print]`: a one-time reset link from the same machinery as Forgot password
 * (same table, same lifetime, an earlier unused link dropped). With SMTP_URL it is mailed and the
 * command says so; without (or with --print) it is printed for the operator to pass on. The
 * account's sessions go on: the reset itself ends them, as on the web (docs/product.md#endpoint-reset-password).
 */
export async function resetPasswordLink(
  io: CliIo,
  options: { email: string; print: boolean },
): Promise<void> {
  const user = await findAccount(options.email);
  const env = getEnv();
  const database = await getDatabase();
  const link = await createResetLink(database, user.id);
  const lifetime = `it works once, for ${env.PASSWORD_RESET_TTL_MINUTES} minutes`;
  if (options.print || !env.SMTP_URL) {
    io.out(
      options.print
        ? `Reset link for ${user.email} (${lifetime}); nothing was mailed:`
        : `No mail server is configured (SMTP_URL is unset), so nothing was mailed. Give ${user.email} this link yourself (${lifetime}):`,
    );
    io.out(link);
    return;
  }
  try {
    await sendMail(buildPasswordResetMail(user.email, link, env.PASSWORD_RESET_TTL_MINUTES), {
      timeoutMs: TEST_MAIL_TIMEOUT_MS,
    });
  } catch (error) {
    io.out(`Give ${user.email} this link yourself instead (${lifetime}):`);
    io.out(link);
    throw new CliError(`The reset link could not be mailed. ${describeMailError(error, env.SMTP_URL)}`);
  }
  io.out(
    `Mailed a password reset link to ${user.email} (${lifetime}). Their current sessions go on until they use it.`,
  );
}

export function parseRoleArgument(value: string | undefined): Role {
  const parsed = roleSchema.safeParse(value);
  if (!parsed.success) throw new CliError('Give the role: admin or user.', EXIT.usage);
  return parsed.data;
}

const ROLE_WORDS: Record<Role, string> = { admin: 'an administrator', user: 'a team member' };

/** `set-role EMAIL admin|user`: the admin screen's rule (the last administrator stays one). */
export async function setRole(io: CliIo, options: { email: string; role: Role }): Promise<void> {
  try {
    const { user, changed } = await setUserRole(options.email, options.role);
    io.out(
      changed
        ? `${user.email} is now ${ROLE_WORDS[user.role]}.`
        : `${user.email} is already ${ROLE_WORDS[user.role]}; nothing changed.`,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new CliError(`No account uses ${options.email}. See every account with list-users.`);
    }
    throw error;
  }
}

/** `list-users [--json]`: a table, or the list users endpoint's JSON for scripts. */
export async function printUsers(io: CliIo, options: { json: boolean }): Promise<void> {
  const users = await listUsers();
  if (options.json) io.out(JSON.stringify(users, null, 2));
  else for (const line of formatUserTable(users)) io.out(line);
}

/** `send-test-mail EMAIL`: Admin Settings' "Send a test email", with its sentences. */
export async function sendTestMailCommand(io: CliIo, options: { email: string }): Promise<void> {
  const result = await sendTestMail(options.email);
  io.out(result.message);
}

/**
 * `reset-2fa EMAIL`: clears the account's two-factor sign-in (its owner lost the app and the recovery
 * codes) and ends its sessions; the next login asks for the password only. Logged as a warning, and
 * said on stdout (docs/product.md#two-factor-sign-in).
 */
export async function resetTwoFactorCommand(io: CliIo, options: { email: string }): Promise<void> {
  const user = await findAccount(options.email);
  const database = await getDatabase();
  const had = await resetTwoFactor(database, user.id);
  logger.warn('Two-factor authentication reset from the command line', {
    userId: user.id,
    email: user.email,
  });
  io.out(
    had
      ? `Two-factor authentication is off for ${user.email}; their sessions have ended. They can log in with their password and set it up again from their profile.`
      : `${user.email} had no two-factor authentication; nothing to clear. Their sessions have ended.`,
  );
}
