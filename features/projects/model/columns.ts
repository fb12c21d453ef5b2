/**
 * A project's board columns (docs/decisions/0049-projects.md): a name, an order, a kind and an
 * optional work-in-progress limit. Moving a card into a `done` column completes the task; out of
 * one reopens it (features/tasks/model/board-layout.ts). Pure.
 */
import { isColumnKind, type KindColumn } from '@/features/tasks/model/board-layout';

export {
  COLUMN_KIND_NAMES,
  COLUMN_KINDS,
  isColumnKind,
  type ColumnKind,
} from '@/features/tasks/model/board-layout';

/** A project's column: the board's kind of column (features/tasks/model/board-layout.ts). */
export type ProjectColumn = KindColumn;

/**
 * A new project's columns, and those of every project stored before columns existed: the spec's
 * three board columns, in order, under ids of their own.
 */
export const DEFAULT_PROJECT_COLUMNS: readonly ProjectColumn[] = [
  { id: 'todo', name: 'To Do', kind: 'todo', wipLimit: null },
  { id: 'doing', name: 'In Progress', kind: 'doing', wipLimit: null },
  { id: 'done', name: 'Completed', kind: 'done', wipLimit: null },
];

export const COLUMN_NAME_MAX_LENGTH = 30;
export const PROJECT_COLUMNS_MAX = 12;
export const WIP_LIMIT_MAX = 999;

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

/** A column id: letters, digits and hyphens, at most 40 (the defaults' `todo`, a new one's `col-…`). */
export const COLUMN_ID_PATTERN = /^[A-Za-z0-9-]{1,40}$/;

/**
 * A project's stored or sent columns, read by hand (ADR 0010): the list when every column reads and
 * the list passes checkColumns with ids unique, else the spec's three (DEFAULT_PROJECT_COLUMNS), so a
 * project stored before columns existed, or a copy an older version kept, shows the board it had.
 */
export function readProjectColumns(value: unknown): ProjectColumn[] {
  const fallback = DEFAULT_PROJECT_COLUMNS.map((column) => ({ ...column }));
  if (!Array.isArray(value)) return fallback;
  const columns: ProjectColumn[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return fallback;
    const { id, name, kind, wipLimit } = item as Record<string, unknown>;
    if (typeof id !== 'string' || !COLUMN_ID_PATTERN.test(id) || typeof name !== 'string') return fallback;
    if (!isColumnKind(kind) || (wipLimit !== null && typeof wipLimit !== 'number')) return fallback;
    columns.push({ id, name, kind, wipLimit });
  }
  const ids = new Set(columns.map((column) => column.id));
  return ids.size === columns.length && checkColumns(columns) === null ? columns : fallback;
}

/** A column as the `Columns` dialog sends it: `id` absent for a new one. */
export type ColumnDraft = Omit<ProjectColumn, 'id'> & { id?: string };

/** A new column's id: `col-` and 8 random letters or digits. */
export function newColumnId(random: () => number = Math.random): string {
  const noise = Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return `col-${noise}`;
}

/**
 * The ids of a column list being saved: a column keeps the id it was sent with when the project has
 * a column of that id (the first to name it; its cards stay in it); any other gets a new one. A
 * column left out is gone: its cards show in the first column of their kind (board-layout.ts).
 */
export function assignColumnIds(
  sent: readonly ColumnDraft[],
  current: readonly ProjectColumn[],
  newId: () => string = newColumnId,
): ProjectColumn[] {
  const known = new Set(current.map((column) => column.id));
  const used = new Set<string>();
  return sent.map(({ id, name, kind, wipLimit }) => {
    let columnId = id !== undefined && known.has(id) && !used.has(id) ? id : newId();
    while (used.has(columnId)) columnId = newId();
    used.add(columnId);
    return { id: columnId, name, kind, wipLimit };
  });
}
