/**
 * Whom a task can be assigned to with team sync on (docs/product.md#assignees). Pure, shared by the
 * server (the order of GET /api/sync/users) and the browser (the picker's choices).
 *
 * A task names its assignee by full name (`assignedTo`), and the server gives a task to an assignee
 * only when exactly one user has that name (lib/server/sync-service.ts, resolveAssignee). So a name
 * two users share is offered but disabled: choosing it would hand the task to no one.
 */
import type { SyncUser } from './protocol';

const collator = new Intl.Collator('en');

/** The order of names everywhere in the picker and the endpoint: a fixed locale, so both dialects agree. */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

export interface AssigneeOption {
  /** The value written to `assignedTo`. */
  name: string;
  /** What the option says: the name, or the name with why it cannot be chosen. */
  label: string;
  disabled: boolean;
}

/** The label of a name several users share (such an option is disabled). */
export function sharedNameLabel(name: string, count: number): string {
  return `${name} (name shared by ${count} users)`;
}

/**
 * The picker's choices: every user's name once, plus the current value and the signed-in user's name
 * even when the list is unavailable (offline) or does not hold them, sorted by name. A name several
 * users share is disabled, except the current value and the signed-in user's own name: keeping the
 * current value changes nothing, and a task its author keeps stays theirs whatever the name resolves to.
 */
export function assigneeOptions(input: {
  users: readonly SyncUser[];
  current?: string | null;
  self?: string | null;
}): AssigneeOption[] {
  const counts = new Map<string, number>();
  for (const user of input.users) counts.set(user.name, (counts.get(user.name) ?? 0) + 1);
  const keep = new Set([input.current, input.self].filter((name): name is string => Boolean(name)));
  const names = new Set([...counts.keys(), ...keep]);
  return [...names].sort(compareNames).map((name) => {
    const count = counts.get(name) ?? 0;
    const disabled = count > 1 && !keep.has(name);
    return { name, label: disabled ? sharedNameLabel(name, count) : name, disabled };
  });
}
