import type { CalendarEvent } from '@/lib/storage/calendar-events';
import type { UserProfile } from '@/lib/storage/profiles';
import type { Task } from '@/lib/tasks/task';
import { toLocalDateKey } from '@/lib/tasks/deadlines';
import { escapeFormula, formatCsv, type CsvCell } from './csv';

/** The `format` of a Tasklane JSON export, and the version this app writes and reads. */
export const EXPORT_FORMAT = 'tasklane-export';
export const EXPORT_VERSION = 1;

/** What the JSON export holds (docs/product.md#your-data). */
export type ExportData = {
  tasks: readonly Task[];
  notes: string;
  calendarEvents: readonly CalendarEvent[];
  /** `null` when no profile is stored. */
  userProfile: UserProfile | null;
};

export type TasklaneExport = ExportData & {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  /** ISO 8601, UTC. */
  exportedAt: string;
};

/**
 * The CSV's first columns, in this order: the task fields (docs/product.md#task-fields). Any other
 * field a task holds follows, one column per field name, its value as JSON.
 */
export const TASK_CSV_COLUMNS = [
  'id',
  'title',
  'description',
  'priority',
  'deadline',
  'progress',
  'assignedTo',
  'email',
  'status',
  'column',
] as const;

const KNOWN_COLUMNS: ReadonlySet<string> = new Set(TASK_CSV_COLUMNS);

/** The JSON export of `data`, made at `now` (docs/product.md#your-data). */
export function buildJsonExport(data: ExportData, now: Date): TasklaneExport {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    tasks: data.tasks,
    notes: data.notes,
    calendarEvents: data.calendarEvents,
    userProfile: data.userProfile,
  };
}

/** The export file's text: indented JSON, so that a person can read it. */
export function formatJsonExport(data: ExportData, now: Date): string {
  return `${JSON.stringify(buildJsonExport(data, now), null, 2)}\n`;
}

/** A known field's cell: text as is, a number as digits, anything else (older data) as JSON. */
function knownCell(value: unknown): CsvCell {
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The fields beyond TASK_CSV_COLUMNS that some task holds, in the order they first appear. */
export function extraTaskFields(tasks: readonly Task[]): string[] {
  const extra = new Set<string>();
  for (const task of tasks) {
    for (const field of Object.keys(task)) if (!KNOWN_COLUMNS.has(field)) extra.add(field);
  }
  return [...extra];
}

/**
 * The tasks as CSV (docs/product.md#your-data): a header row, then one row per task. A field the task
 * lacks is an unquoted empty cell, an empty text `""`. Every cell passes the formula guard. Starts
 * with a byte-order mark so that spreadsheets read it as UTF-8.
 */
export function formatTasksCsv(tasks: readonly Task[]): string {
  const extra = extraTaskFields(tasks);
  const header = [...TASK_CSV_COLUMNS, ...extra];
  const rows = tasks.map((task) => [
    ...TASK_CSV_COLUMNS.map((field) => knownCell(task[field])),
    ...extra.map((field) => (task[field] === undefined ? null : JSON.stringify(task[field]))),
  ]);
  const guarded = [header, ...rows].map((record) =>
    record.map((cell) => (cell === null ? null : escapeFormula(cell))),
  );
  return `\uFEFF${formatCsv(guarded)}`;
}

/** `tasklane-2026-11-25.json`: the local date of `now`. */
export function exportFileName(now: Date, extension: 'json' | 'csv'): string {
  return `tasklane-${toLocalDateKey(now)}.${extension}`;
}
