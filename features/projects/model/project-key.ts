/**
 * A project's key and a task's key (docs/decisions/0049-projects.md): `OPS` is a project's short
 * name, `OPS-12` the twelfth task that entered it. Pure.
 */

export const PROJECT_KEY_MIN_LENGTH = 2;
export const PROJECT_KEY_MAX_LENGTH = 10;
/** 2 to 10 capital letters A–Z. */
export const PROJECT_KEY_PATTERN = /^[A-Z]{2,10}$/;

/** The project every task is in until it is moved: the tasks of before projects, and a task naming no project. */
export const GENERAL_PROJECT = { id: 'general', key: 'GEN', name: 'General' } as const;

export const PROJECT_KEY_FIELD = 'Key';

/** Every refusal of a key, word for word (docs/product.md#projects). */
export const PROJECT_KEY_MESSAGES = {
  required: `${PROJECT_KEY_FIELD} is required.`,
  shape: `${PROJECT_KEY_FIELD} must be ${PROJECT_KEY_MIN_LENGTH} to ${PROJECT_KEY_MAX_LENGTH} capital letters A–Z.`,
  taken: (key: string) => `A project with the key ${key} already exists.`,
} as const;

/**
 * A key as typed, by the rules: trimmed and upper-cased (`ops` is `OPS`), 2 to 10 letters A–Z,
 * not one of `taken` (the other projects' keys, any case); or why not.
 */
export function checkProjectKey(
  raw: string,
  taken: readonly string[],
): { key: string } | { message: string } {
  const trimmed = raw.trim();
  if (trimmed === '') return { message: PROJECT_KEY_MESSAGES.required };
  // Checked before upper-casing, which turns some other letters into A–Z (`ß` into `SS`).
  if (!/^[A-Za-z]{2,10}$/.test(trimmed)) return { message: PROJECT_KEY_MESSAGES.shape };
  const key = trimmed.toUpperCase();
  if (taken.some((other) => other.toUpperCase() === key)) return { message: PROJECT_KEY_MESSAGES.taken(key) };
  return { key };
}

/**
 * A key suggested from a project's name as it is typed: the initials of its words when there are
 * two or more (`Customer Support` → `CS`), else the first letters of its one word (`Operations` →
 * `OPER`); letters A–Z only, at most 4; '' when the name has fewer than two such letters.
 */
export function suggestProjectKey(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[^A-Za-z\s]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length >= 2 ? words.map((word) => word[0]).join('') : (words[0] ?? '');
  const key = letters.slice(0, 4).toUpperCase();
  return key.length >= PROJECT_KEY_MIN_LENGTH ? key : '';
}

/** A task's key: its project's key and its number in that project. */
export function formatTaskKey(projectKey: string, number: number): string {
  return `${projectKey}-${number}`;
}

/** The largest task number a key may carry (a project's tasks are counted far below it). */
export const TASK_NUMBER_MAX = 999_999_999;

/**
 * A task key as typed or linked (`OPS-12`, `ops-12`, ` OPS-12 `): its project key, upper-cased,
 * and its number (1 or more, no leading zero); null when the text is not one.
 */
export function parseTaskKey(text: string): { projectKey: string; number: number } | null {
  const match = /^([A-Za-z]{2,10})-([1-9][0-9]{0,8})$/.exec(text.trim());
  if (!match) return null;
  return { projectKey: match[1]!.toUpperCase(), number: Number(match[2]) };
}

/** The synced field that holds a task's project id (docs/decisions/0049-projects.md). */
export const PROJECT_ID_FIELD = 'projectId';

/** A task's project, read from its `projectId` value: that id when it is one, else General. */
export function taskProjectId(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : GENERAL_PROJECT.id;
}

/**
 * The synced field that holds a task's number in its project, written only by the server when the
 * task enters a project (docs/decisions/0049-projects.md); a browser's write to it is dropped.
 */
export const TASK_NUMBER_FIELD = 'number';

/** A task's number from its `number` value: a whole number from 1, else null (not numbered yet). */
export function taskNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= TASK_NUMBER_MAX
    ? value
    : null;
}
