/**
 * A project's board columns (docs/decisions/0049-projects.md): a name, an order, a kind and an
 * optional work-in-progress limit. Moving a card into a `done` column completes the task; out of
 * one reopens it. Pure.
 */

export const COLUMN_KINDS = ['todo', 'doing', 'done'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

/** The kinds as the screens name them. */
export const COLUMN_KIND_NAMES: Record<ColumnKind, string> = {
  todo: 'To do',
  doing: 'Doing',
  done: 'Done',
};

export interface ProjectColumn {
  id: string;
  name: string;
  kind: ColumnKind;
  /** At most this many tasks are meant to be in it (shown on the column, not enforced); null: no limit. */
  wipLimit: number | null;
}

/** A new project's columns: the spec's three board columns, in order. */
export const DEFAULT_PROJECT_COLUMNS: readonly Omit<ProjectColumn, 'id'>[] = [
  { name: 'To Do', kind: 'todo', wipLimit: null },
  { name: 'In Progress', kind: 'doing', wipLimit: null },
  { name: 'Completed', kind: 'done', wipLimit: null },
];

export const COLUMN_NAME_MAX_LENGTH = 30;
export const PROJECT_COLUMNS_MAX = 12;
export const WIP_LIMIT_MAX = 999;

export function isColumnKind(value: unknown): value is ColumnKind {
  return (COLUMN_KINDS as readonly unknown[]).includes(value);
}

/**
 * Why a project's column list cannot be saved, or null: 1 to 12 columns, names 1–30 characters and
 * unique ignoring case, at least one `done` column (so a task can be completed on the board), WIP
 * limits whole numbers from 1 to 999.
 */
export function checkColumns(columns: readonly Omit<ProjectColumn, 'id'>[]): string | null {
  if (columns.length === 0 || columns.length > PROJECT_COLUMNS_MAX)
    return `A board has 1 to ${PROJECT_COLUMNS_MAX} columns.`;
  const seen = new Set<string>();
  for (const column of columns) {
    const name = column.name.trim();
    // Characters as people count them: code points, so an emoji is one.
    if (name === '' || [...name].length > COLUMN_NAME_MAX_LENGTH)
      return `A column name is 1 to ${COLUMN_NAME_MAX_LENGTH} characters.`;
    const key = name.normalize('NFC').toLowerCase();
    if (seen.has(key)) return `Two columns are named "${name}".`;
    seen.add(key);
    if (
      column.wipLimit !== null &&
      !(Number.isInteger(column.wipLimit) && column.wipLimit >= 1 && column.wipLimit <= WIP_LIMIT_MAX)
    )
      return `A WIP limit is a whole number from 1 to ${WIP_LIMIT_MAX}.`;
  }
  if (!columns.some((column) => column.kind === 'done')) return 'A board needs a Done column.';
  return null;
}

/** Whether moving a card from a column of `from` kind to one of `to` kind completes it, reopens it, or neither. */
export function completionOfMove(from: ColumnKind, to: ColumnKind): 'complete' | 'reopen' | 'none' {
  if (from !== 'done' && to === 'done') return 'complete';
  if (from === 'done' && to !== 'done') return 'reopen';
  return 'none';
}
