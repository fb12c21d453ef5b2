import type { CalendarEvent } from '@/features/calendar/model/calendar-event';
import type { UserProfile } from '@/features/accounts/client/profile-store';
import type { Project } from '@/features/projects/model/project';
import { GENERAL_PROJECT } from '@/features/projects/model/project-key';
import { LISTED_TASK_FIELDS, type Task } from '@/features/tasks/model/task-types';
import { checklistCounts } from '@/features/tasks/model/checklist';
import type { ExportedFile } from '@/features/attachments/client/local-transfer';
import { toLocalDateKey } from '@/shared/format/date-key';
import { escapeFormula, formatCsv, type CsvCell } from '../model/csv';

/**
 * The `format` of a Tasklane JSON export, and the version this app writes. Version 2 (issue 22) is
 * version 1 whose tasks may hold the task view's fields (labels, repeat, repeatedAs, checklistProgress,
 * createdAt, updatedAt, `ck_*` checklist items). Version 3 adds `projects`; a file of version 1 or 2
 * has none, so its tasks go into General. Version 4 adds `files`: in the default mode the files of the
 * exported tasks, with their bytes (features/attachments/client/local-transfer.ts). It reads all four
 * (READABLE_EXPORT_VERSIONS).
 */
export const EXPORT_FORMAT = 'tasklane-export';
export const EXPORT_VERSION = 4;
export const READABLE_EXPORT_VERSIONS: readonly number[] = [1, 2, 3, EXPORT_VERSION];

/** What the JSON export holds (docs/product.md#your-data). */
export type ExportData = {
  /**
   * The projects of the mode: by default the browser's own, General first (stored or not); with team
   * sync the team's that this person has a role in, for reference (an import never makes team projects).
   */
  projects: readonly Project[];
  tasks: readonly Task[];
  notes: string;
  calendarEvents: readonly CalendarEvent[];
  /** `null` when no profile is stored. */
  userProfile: UserProfile | null;
  /**
   * In the default mode, each kept file of the tasks (`[]`: none). Absent when the export does not
   * carry files: with team sync on (the team's files are the server's, in its backups), or when this
   * browser's could not be read or would make the file too large (the download says so).
   */
  files?: readonly ExportedFile[];
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
export const TASK_CSV_COLUMNS = ['id', ...LISTED_TASK_FIELDS] as const;

/**
 * Columns for reading, after TASK_CSV_COLUMNS (docs/product.md#your-data): `labels`, the task's label
 * names joined by `; `; `checklist`, `{done}/{total}` (empty without a checklist); and `project`, the
 * task's project as `{name} ({KEY})`, to sort or filter by in a spreadsheet. The import skips them:
 * the label ids travel in `labelIds`, the checklist items in their own `ck_*` columns and the project
 * in `projectId`.
 */
export const TASK_CSV_READING_COLUMNS = ['labels', 'checklist', 'project'] as const;

/** The column of the task field `labels` (its label ids, as JSON), named apart from `labels` above. */
export const CSV_LABEL_IDS_COLUMN = 'labelIds';

/** Separates label names in the `labels` column. */
export const CSV_LABEL_SEPARATOR = '; ';

/**
 * Field names the CSV does not give a column of their own: the known ones, `labels` (written as
 * `labelIds`), and a task's own field named like a column above (JSON keeps it).
 */
const NOT_EXTRA: ReadonlySet<string> = new Set([
  ...TASK_CSV_COLUMNS,
  ...TASK_CSV_READING_COLUMNS,
  CSV_LABEL_IDS_COLUMN,
]);

/** The CSV column of a task field: the field's name, but `labelIds` for `labels`. */
export function csvColumnOf(field: string): string {
  return field === 'labels' ? CSV_LABEL_IDS_COLUMN : field;
}

/** The task field of a CSV column (csvColumnOf undone). */
export function fieldOfCsvColumn(column: string): string {
  return column === CSV_LABEL_IDS_COLUMN ? 'labels' : column;
}

/** The JSON export of `data`, made at `now` (docs/product.md#your-data). */
export function buildJsonExport(data: ExportData, now: Date): TasklaneExport {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    projects: data.projects,
    tasks: data.tasks,
    notes: data.notes,
    calendarEvents: data.calendarEvents,
    userProfile: data.userProfile,
    // Last: the bulk of the file, after what a person reading it looks for.
    ...(data.files === undefined ? {} : { files: data.files }),
  };
}

/** The export file's text: indented JSON, so that a person can read it (a file's `data` stays one line). */
export function formatJsonExport(data: ExportData, now: Date): string {
  return `${JSON.stringify(buildJsonExport(data, now), null, 2)}\n`;
}

/** A known field's cell: text as is, a number as digits, anything else (older data) as JSON. */
function knownCell(value: unknown): CsvCell {
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The fields beyond TASK_CSV_COLUMNS that some task holds, in the order they first appear, each
 * as its CSV column is named (`labels` as `labelIds`).
 */
export function extraTaskFields(tasks: readonly Task[]): string[] {
  const extra = new Set<string>();
  for (const task of tasks) {
    for (const field of Object.keys(task)) {
      if (field === 'labels') extra.add(CSV_LABEL_IDS_COLUMN);
      else if (!NOT_EXTRA.has(field)) extra.add(field);
    }
  }
  return [...extra];
}

/**
 * How the CSV names a label: `labelName(id)`, or the id itself when it gives none; and a project
 * (`projects`: those of the mode; a task whose project is not among them shows its id).
 */
export type CsvExportOptions = {
  labelName?: (id: string) => string | undefined;
  projects?: readonly Pick<Project, 'id' | 'key' | 'name'>[];
};

/** The `labels` cell: the names joined by `; `; empty without labels. */
export function labelsCell(task: Task, labelName: CsvExportOptions['labelName']): CsvCell {
  const ids = Array.isArray(task.labels) ? task.labels : [];
  if (ids.length === 0) return null;
  return ids.map((id) => labelName?.(id) ?? id).join(CSV_LABEL_SEPARATOR);
}

/** The `project` cell: `{name} ({KEY})` of the task's project (General without one), else its id. */
export function projectCell(task: Task, projects: CsvExportOptions['projects'] = []): CsvCell {
  const id =
    typeof task.projectId === 'string' && task.projectId !== '' ? task.projectId : GENERAL_PROJECT.id;
  const project =
    projects.find((item) => item.id === id) ?? (id === GENERAL_PROJECT.id ? GENERAL_PROJECT : null);
  return project ? `${project.name} (${project.key})` : id;
}

/** The `checklist` cell: `{done}/{total}`; empty without a checklist. */
export function checklistCell(task: Task): CsvCell {
  const { done, total } = checklistCounts(task);
  return total === 0 ? null : `${done}/${total}`;
}

/**
 * The tasks as CSV (docs/product.md#your-data): a header row, then one row per task. A field the task
 * lacks is an unquoted empty cell, an empty text `""`. Every cell passes the formula guard. Starts
 * with a byte-order mark so that spreadsheets read it as UTF-8.
 */
export function formatTasksCsv(tasks: readonly Task[], options: CsvExportOptions = {}): string {
  const extra = extraTaskFields(tasks);
  const header = [...TASK_CSV_COLUMNS, ...TASK_CSV_READING_COLUMNS, ...extra];
  const rows = tasks.map((task) => [
    ...TASK_CSV_COLUMNS.map((field) => knownCell(task[field])),
    labelsCell(task, options.labelName),
    checklistCell(task),
    projectCell(task, options.projects),
    ...extra.map((column) => {
      const value = task[fieldOfCsvColumn(column)];
      return value === undefined ? null : JSON.stringify(value);
    }),
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
