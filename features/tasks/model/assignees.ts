/**
 * Whom a task can be assigned to with team sync on (docs/product.md#assignees). Pure, shared by the
 * server (the order of GET /api/sync/users) and the browser (the picker's choices).
 *
 * The picker chooses a user id (`assigneeId`) and the name to show (`assignedTo`) together
 * (./assignee-binding.ts). People whose names look alike (the same name, or lookalike letters) are
 * told apart by the day they joined, which the server sends for them only; nobody can make another
 * person unchoosable by taking their name. A name two users share without that detail (a server of
 * an older version) is listed but disabled: the person choosing could not tell the two apart.
 */
import type { SyncUser } from '@/features/accounts/model/team-users';
import { onFirstUse } from '@/shared/format/on-first-use';

const collator = onFirstUse(() => new Intl.Collator('en'));

/** The order of names everywhere in the picker and the endpoint: a fixed locale, so both dialects agree. */
export function compareNames(a: string, b: string): number {
  return collator().compare(a, b);
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

/** The label of a person whose name looks like someone else's: when they joined (UTC). */
export function lookalikeLabel(name: string, joined: string): string {
  return `${name} (joined ${joined})`;
}

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})/;

/**
 * When each person with `joinedAt` joined, as the picker says it: the day (`2026-11-12`); the minute
 * (`2026-11-12 14:05 UTC`) when another such person joined that day; the second when they joined
 * within one minute; and a number after that when even the second is shared.
 */
function joinedTexts(users: readonly SyncUser[]): Map<string, string> {
  const parsed = users.flatMap((user) => {
    const match = ISO_INSTANT.exec(user.joinedAt ?? '');
    if (!match) return [];
    const [, day, minute, second] = match as unknown as [string, string, string, string];
    return [{ id: user.id, texts: [day, `${day} ${minute} UTC`, `${day} ${minute}${second} UTC`] }];
  });
  const counts = [0, 1, 2].map((level) => {
    const perText = new Map<string, number>();
    for (const { texts } of parsed) perText.set(texts[level]!, (perText.get(texts[level]!) ?? 0) + 1);
    return perText;
  });
  const seen = new Map<string, number>();
  return new Map(
    parsed.map(({ id, texts }) => {
      const level = [0, 1, 2].find((each) => counts[each]!.get(texts[each]!) === 1);
      if (level !== undefined) return [id, texts[level]!];
      const finest = texts[2]!;
      const number = (seen.get(finest) ?? 0) + 1;
      seen.set(finest, number);
      return [id, `${finest}, ${number}`];
    }),
  );
}

/**
 * The picker's choices: every user once, plus the current assignee and the signed-in user even when
 * the list is unavailable (offline) or does not hold them, sorted by name. A person whose name looks
 * like someone else's is labelled with when they joined. A name several users share with no such
 * detail is disabled, except for the current assignee and the signed-in user themself: keeping the
 * current assignee changes nothing, and the signed-in user knows who they are.
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
  const joined = joinedTexts(unique);
  const options: AssigneeOption[] = [];
  const values = new Set<string>();
  for (const user of unique) {
    values.add(user.id);
    const count = counts.get(user.name) ?? 0;
    const joinedText = joined.get(user.id);
    const disabled = joinedText === undefined && count > 1 && !keep.has(user.id);
    options.push({
      value: user.id,
      id: user.id,
      name: user.name,
      label:
        joinedText !== undefined
          ? lookalikeLabel(user.name, joinedText)
          : disabled
            ? sharedNameLabel(user.name, count)
            : user.name,
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
