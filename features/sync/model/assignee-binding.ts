/**
 * Which user a synced task is assigned to (docs/product.md#assignees, docs/decisions/0019-assignees-by-id.md).
 * Pure: the sync service asks it after merging each operation, and the start-up binding of older
 * tasks asks it once per task.
 *
 * A task carries two fields: `assigneeId`, the user id that decides who sees and changes the task,
 * and `assignedTo`, the display name the screens show. The id decides whenever it was written with
 * or after the name (its stamp is not older). A name written later than the id (a browser of an
 * older version, an import) is resolved once, when that write wins its register, and the result is
 * written to `assigneeId` with the name's own stamp. A name alone binds only its writer's own account
 * (`resolveNameAlone`): anyone may choose a display name equal to a colleague's, so a name never
 * decides who else sees a task. The decision depends only on the two registers and on who wrote the
 * winning name, so every order of delivery ends with the same id (features/sync/model/assignee-binding.test.ts).
 * Nothing else ever looks a name up again: an edit of any other field keeps the binding, and a later
 * account with the same name never receives a task.
 */
import { compareHlc } from './hlc';
import type { StampedField } from './merge';
import type { Json } from './protocol';

/** The synced field that names the assignee for display (the spec's field). */
export const ASSIGNEE_NAME_FIELD = 'assignedTo';
/** The synced field that binds the task to a user id (team sync only). */
export const ASSIGNEE_ID_FIELD = 'assigneeId';

/**
 * `assigneeId` of a task bound to nobody. Not null: a synced field that is null is an absent field to
 * the browser's replica, which could then not tell "nobody" from "not bound yet" (an older task).
 */
export const NO_ASSIGNEE_ID = '';

export type AssigneeBinding =
  /** Neither field was written (by a write that won): the stored binding stands. */
  | { kind: 'keep' }
  /** `assigneeId` decides: this id (null: nobody, written as NO_ASSIGNEE_ID), if such a user exists. */
  | { kind: 'by-id'; id: string | null }
  /** Only a name was written: resolve it once, write the result to `assigneeId` with stamp `hlc`. */
  | { kind: 'by-name'; name: string | null; hlc: string };

type Fields = Readonly<Record<string, StampedField>>;

function sameWrite(a: StampedField | undefined, b: StampedField | undefined): boolean {
  return a?.hlc === b?.hlc && JSON.stringify(a?.value) === JSON.stringify(b?.value);
}

function asId(value: Json | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** What binds the task after a merge took its fields from `before` to `after` (same objects when unchanged). */
export function decideAssigneeBinding(before: Fields, after: Fields): AssigneeBinding {
  const name = after[ASSIGNEE_NAME_FIELD];
  const id = after[ASSIGNEE_ID_FIELD];
  const changed = !sameWrite(before[ASSIGNEE_NAME_FIELD], name) || !sameWrite(before[ASSIGNEE_ID_FIELD], id);
  if (!changed) return { kind: 'keep' };
  if (id && (!name || compareHlc(id.hlc, name.hlc) >= 0)) return { kind: 'by-id', id: asId(id.value) };
  if (!name) return { kind: 'keep' };
  const text = typeof name.value === 'string' ? name.value.normalize('NFC') : '';
  return { kind: 'by-name', name: text === '' ? null : text, hlc: name.hlc };
}

/**
 * The binding of a task the server stored before tasks had `assigneeId` (the start-up pass): by its
 * current name, unless it already holds an id.
 */
export function decideInitialBinding(fields: Fields): AssigneeBinding {
  return decideAssigneeBinding({}, fields);
}

/** The account that wrote a name: its id and its full name (NFC; null: not known). */
export interface NameWriter {
  id: string;
  fullName: string | null;
}

/**
 * Whom a name written alone binds (`by-name`): its writer, when it is the writer's own full name
 * (an older browser assigning a task to its signed-in user, as the spec's `assignedTo` does);
 * otherwise nobody, even when exactly one account has that name. `writer` null: not known.
 */
export function resolveNameAlone(name: string | null, writer: NameWriter | null): string | null {
  if (name === null || writer === null || writer.fullName === null) return null;
  return writer.fullName.normalize('NFC') === name ? writer.id : null;
}

/** Why a task written with a name alone (not its writer's) stays unassigned, told to its writer. */
export function unresolvedAssigneeMessage(title: Json | undefined, name: string): string {
  const task = typeof title === 'string' && title !== '' ? `“${title}”` : 'A task';
  return `${task} was not assigned to “${name}”: a name alone assigns a task only to yourself. Choose the person in Reassign.`;
}

/** Why a task written with an id that names no account stays unassigned. */
export function missingAssigneeMessage(title: Json | undefined): string {
  const task = typeof title === 'string' && title !== '' ? `“${title}”` : 'A task';
  return `${task} was not assigned: that person no longer has an account.`;
}
