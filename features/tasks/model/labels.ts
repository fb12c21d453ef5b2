import { describeHiddenCharacters } from '@/shared/validation/hidden-characters';
import { INVALID, isRecord, parser, type Parser } from '@/shared/validation/parsers';
import type { Task } from './task-types';

/**
 * Labels (docs/product.md#labels, docs/decisions/0024-labels.md): a name and a colour from a fixed
 * palette. A task stores the ids of its labels (`labels`); the set itself is the browser's own in the
 * default mode and the team's with team sync on. The same rules check a name in the browser and on
 * the server. Pure.
 */

export const LABEL_COLORS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

/** The colours as the screens name them. */
export const LABEL_COLOR_NAMES: Record<LabelColor, string> = {
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  purple: 'Purple',
  grey: 'Grey',
};

export const DEFAULT_LABEL_COLOR: LabelColor = 'blue';

export type Label = { id: string; name: string; color: LabelColor };

export const LABEL_NAME_MAX_LENGTH = 30;
/** How many labels one set holds (the browser's, or the team's). */
export const LABELS_MAX_COUNT = 50;

/** A label id as a URL or a task may carry it: letters, digits, `-` and `_`, at most 64. */
export const LABEL_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const LABEL_NAME_FIELD = 'Label name';

/** Every refusal, word for word (docs/product.md#labels). */
export const LABEL_MESSAGES = {
  nameRequired: `${LABEL_NAME_FIELD} is required.`,
  nameTooLong: `${LABEL_NAME_FIELD} must be at most ${LABEL_NAME_MAX_LENGTH} characters.`,
  nameTaken: (name: string) => `A label named "${name}" already exists.`,
  color: 'Colour must be one of Red, Orange, Yellow, Green, Teal, Blue, Purple or Grey.',
  tooMany: `There can be at most ${LABELS_MAX_COUNT} labels. Delete one to add another.`,
  notFound: 'This label no longer exists.',
} as const;

export function isLabelColor(value: unknown): value is LabelColor {
  return (LABEL_COLORS as readonly unknown[]).includes(value);
}

/** What makes two names the same name: case and Unicode spelling ignored. */
export function labelNameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/**
 * A label's name by the rules (trimmed, 1–30 characters, one line with no hidden characters, unique
 * in `labels` ignoring case; the label `exceptId` is the one being renamed), stored in Unicode normal
 * form C; or why not.
 */
export function checkLabelName(
  raw: string,
  labels: readonly Label[],
  exceptId?: string,
): { name: string } | { message: string; taken?: true } {
  const trimmed = raw.trim();
  if (trimmed === '') return { message: LABEL_MESSAGES.nameRequired };
  if (trimmed.length > LABEL_NAME_MAX_LENGTH) return { message: LABEL_MESSAGES.nameTooLong };
  const hidden = describeHiddenCharacters(LABEL_NAME_FIELD, trimmed);
  if (hidden) return { message: hidden };
  const name = trimmed.normalize('NFC');
  const key = labelNameKey(name);
  const same = labels.find((label) => label.id !== exceptId && labelNameKey(label.name) === key);
  if (same) return { message: LABEL_MESSAGES.nameTaken(same.name), taken: true };
  return { name };
}

export type LabelInput = { name: string; color: string };
export type LabelPatch = { name?: string; color?: string };

/** Why a change was refused: the set is full, the label is gone, the name is taken, or a value is not allowed. */
export type LabelRefusalReason = 'full' | 'missing' | 'taken' | 'invalid';

export type LabelChange =
  | { ok: true; labels: Label[]; label: Label }
  | { ok: false; field: 'name' | 'color' | null; reason: LabelRefusalReason; message: string };

function nameRefusal(checked: { message: string; taken?: true }): LabelChange {
  return { ok: false, field: 'name', reason: checked.taken ? 'taken' : 'invalid', message: checked.message };
}

/** A new label at the end of `labels`, or the first refusal (the set is full, the name, the colour). */
export function addLabel(labels: readonly Label[], input: LabelInput, id: string): LabelChange {
  if (labels.length >= LABELS_MAX_COUNT)
    return { ok: false, field: null, reason: 'full', message: LABEL_MESSAGES.tooMany };
  const checked = checkLabelName(input.name, labels);
  if ('message' in checked) return nameRefusal(checked);
  if (!isLabelColor(input.color))
    return { ok: false, field: 'color', reason: 'invalid', message: LABEL_MESSAGES.color };
  const label: Label = { id, name: checked.name, color: input.color };
  return { ok: true, labels: [...labels, label], label };
}

/** The label `id` renamed and/or recoloured in place, or the first refusal. */
export function editLabel(labels: readonly Label[], id: string, patch: LabelPatch): LabelChange {
  const index = labels.findIndex((label) => label.id === id);
  const current = labels[index];
  if (!current) return { ok: false, field: null, reason: 'missing', message: LABEL_MESSAGES.notFound };
  let label = current;
  if (patch.name !== undefined) {
    const checked = checkLabelName(patch.name, labels, id);
    if ('message' in checked) return nameRefusal(checked);
    label = { ...label, name: checked.name };
  }
  if (patch.color !== undefined) {
    if (!isLabelColor(patch.color))
      return { ok: false, field: 'color', reason: 'invalid', message: LABEL_MESSAGES.color };
    label = { ...label, color: patch.color };
  }
  const next = [...labels];
  next[index] = label;
  return { ok: true, labels: next, label };
}

/**
 * The set without the label `id` (the same array when it has none). Tasks keep the id
 * (docs/decisions/0024-labels.md): it is ignored wherever labels are shown or filtered.
 */
export function removeLabel(labels: readonly Label[], id: string): readonly Label[] {
  return labels.some((label) => label.id === id) ? labels.filter((label) => label.id !== id) : labels;
}

/** A stored or received label, or INVALID (an unknown colour, a blank name, an odd id). */
function readLabel(value: unknown): Label | typeof INVALID {
  if (!isRecord(value)) return INVALID;
  const { id, name, color } = value;
  if (typeof id !== 'string' || !LABEL_ID_PATTERN.test(id)) return INVALID;
  if (typeof name !== 'string' || name.trim() === '' || !isLabelColor(color)) return INVALID;
  return { id, name, color };
}

export const labelParser: Parser<Label> = parser(readLabel);

/** A whole set: labels that do not read are dropped (by the store's rules), as are repeated ids. */
export const labelsParser: Parser<Label[]> = parser<Label[]>(
  (value) => {
    if (!Array.isArray(value)) return INVALID;
    const labels: Label[] = [];
    const seen = new Set<string>();
    for (const item of value as unknown[]) {
      const label = readLabel(item);
      if (label === INVALID) return INVALID;
      if (!seen.has(label.id)) labels.push(label);
      seen.add(label.id);
    }
    return labels;
  },
  { kind: 'array', element: labelParser },
);

/** A new id for a label of the browser's own set: time and randomness, in base 36. */
export function newLabelId(nowMs: number, random: () => number = Math.random): string {
  const noise = Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
  return `l${nowMs.toString(36)}${noise}`;
}

/** The task's labels that exist in `labels`, in the order they were added to it (unknown ids skipped). */
export function labelsOfTask(task: Pick<Task, 'labels'>, labels: readonly Label[]): Label[] {
  if (!task.labels || task.labels.length === 0 || labels.length === 0) return [];
  const byId = new Map(labels.map((label) => [label.id, label]));
  const shown: Label[] = [];
  for (const id of task.labels) {
    const label = byId.get(id);
    if (label) shown.push(label);
  }
  return shown;
}

/**
 * The task with label ids `ids` (repeats dropped, order kept): the field removed when there are none,
 * the same object when they are the ids it already holds.
 */
export function withTaskLabels(task: Task, ids: readonly string[]): Task {
  const unique = [...new Set(ids)];
  const current = task.labels ?? [];
  if (unique.length === current.length && unique.every((id, index) => current[index] === id)) {
    return unique.length === 0 && task.labels !== undefined ? withoutLabels(task) : task;
  }
  if (unique.length === 0) return withoutLabels(task);
  return { ...task, labels: unique };
}

function withoutLabels(task: Task): Task {
  const next = { ...task };
  delete next.labels;
  return next;
}

/** `ids` with `id` added at the end, or taken out when it is there. */
export function toggleLabelId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((item) => item !== id) : [...ids, id];
}
