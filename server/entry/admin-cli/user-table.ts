import type { PublicUser } from '@/features/accounts/server/user-dto';

/** `2026-11-27 09:05 UTC`: a creation time the same on every operator's terminal. */
export function formatCreated(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * `list-users`: a plain-text table (email, name, role, created), columns padded to their widest
 * value, then a count line. Names and emails are printed whole; control characters never reach a
 * name (the sign-up rules refuse them).
 */
export function formatUserTable(users: readonly PublicUser[]): string[] {
  if (users.length === 0) return ['No accounts yet. Create the first administrator with create-admin.'];
  const header = ['EMAIL', 'NAME', 'ROLE', 'CREATED'];
  const rows = users.map((user) => [user.email, user.fullName, user.role, formatCreated(user.createdAt)]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => [...row[column]!].length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === cells.length - 1 ? cell : cell + ' '.repeat(widths[column]! - [...cell].length),
      )
      .join('  ');
  const admins = users.filter((user) => user.role === 'admin').length;
  const count = `${users.length} account${users.length === 1 ? '' : 's'}, ${admins} administrator${admins === 1 ? '' : 's'}.`;
  return [line(header), ...rows.map(line), count];
}
