/**
 * Whom a task can be assigned to with team sync on (docs/product.md#assignees). Pure, shared by the
 * server (the order of GET /api/sync/users) and the browser (the picker's choices).
 *
 * The picker chooses a user id (`assigneeId`) and the name to show (`assignedTo`) together
 * (./assignee-binding.ts). A name two users share is listed but disabled: the id would be exact, but
 * the person choosing could not tell the two apart.
 */
import type { SyncUser } from './protocol';

const collator = new Intl.Collator('en');

/** The order of names everywhere in the picker and the endpoint: a fixed locale, so both dialects agree. */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

/** Who a task is assigned to: a user id (null: nobody, or not known) and the name shown. */
export interface AssigneeChoice {
  id: string | null;
  name: string;
}

export interface AssigneeOption extends AssigneeChoice {
  /** The select's value: the id, or '' for a choice without one. */
  value: string;
  /** What the option says: the name, or the name with why it cannot be chosen. */
  label: string;
  disabled: boolean;
}

/** The label of a name several users share (such an option is disabled). */
export function sharedNameLabel(name: string, count: number): string {
  return `${name} (name shared by ${count} users)`;
}

/**
 * The picker's choices: every user once, plus the current assignee and the signed-in user even when
 * the list is unavailable (offline) or does not hold them, sorted by name. A name several users share
 * is disabled, except for the current assignee and the signed-in user themself: keeping the current
 * assignee changes nothing, and the signed-in user knows who they are.
 */
export function assigneeOptions(input: {
  users: readonly SyncUser[];
  current?: AssigneeChoice | null;
  self?: AssigneeChoice | null;
}): AssigneeOption[] {
  const unique = [...new Map(input.users.map((user) => [user.id, user])).values()];
  const counts = new Map<string, number>();
  for (const user of unique) counts.set(user.name, (counts.get(user.name) ?? 0) + 1);
  const keep = new Set([input.current?.id, input.self?.id].filter((id): id is string => Boolean(id)));
  const options: AssigneeOption[] = [];
  const values = new Set<string>();
  for (const user of unique) {
    values.add(user.id);
    const count = counts.get(user.name) ?? 0;
    const disabled = count > 1 && !keep.has(user.id);
    options.push({
      value: user.id,
      id: user.id,
      name: user.name,
      label: disabled ? sharedNameLabel(user.name, count) : user.name,
      disabled,
    });
  }
  for (const extra of [input.current, input.self]) {
    if (!extra || (!extra.id && !extra.name)) continue;
    const value = extra.id ?? '';
    if (values.has(value)) continue;
    values.add(value);
    options.push({ value, id: extra.id, name: extra.name, label: extra.name, disabled: false });
  }
  return options.sort(
    (a, b) => compareNames(a.name, b.name) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
  );
}
