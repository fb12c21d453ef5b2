import { IMPORT_FILE_MAX_BYTES } from '@/shared/constants';
import { joinWithAnd } from '@/shared/format/word-list';
import { isRecord } from '@/shared/validation/parsers';
import { parseCsv, unescapeFormula } from '../model/csv';
import { IMPORT_JSON_MAX_BYTES } from '../model/import-limits';
import {
  EXPORT_FORMAT,
  fieldOfCsvColumn,
  READABLE_EXPORT_VERSIONS,
  TASK_CSV_COLUMNS,
  TASK_CSV_READING_COLUMNS,
} from './export';

/**
 * Reading an import file (docs/product.md#your-data): its kind and size, then its text, into the rows
 * and keys import-plan.ts plans with, or the message saying why it cannot be imported.
 */

export type ImportKind = 'json' | 'csv';

/**
 * The largest file of each kind read: a CSV holds tasks only; a JSON export of version 4 may carry the
 * default mode's files (docs/decisions/0016-data-export-and-import.md).
 */
export const IMPORT_MAX_BYTES: Record<ImportKind, number> = {
  json: IMPORT_JSON_MAX_BYTES,
  csv: IMPORT_FILE_MAX_BYTES,
};

const BYTES_PER_MB = 1024 * 1024;
const NOTHING_IMPORTED = 'Nothing was imported.';

/** The messages shown for a file that cannot be imported (docs/product.md#your-data). */
export const IMPORT_MESSAGES = {
  wrongType: `Choose a .json or .csv file exported from Tasklane. ${NOTHING_IMPORTED}`,
  tooLarge: (bytes: number, kind: ImportKind) =>
    `This file is ${(bytes / BYTES_PER_MB).toFixed(1)} MB; ${kind === 'json' ? 'JSON' : 'CSV'} files of up to ${IMPORT_MAX_BYTES[kind] / BYTES_PER_MB} MB can be imported. ${NOTHING_IMPORTED}`,
  empty: `This file is empty. ${NOTHING_IMPORTED}`,
  unreadable: `This file could not be read. ${NOTHING_IMPORTED}`,
  badJson: `This file is not valid JSON. ${NOTHING_IMPORTED}`,
  notExport: `This JSON file is not a Tasklane export. ${NOTHING_IMPORTED}`,
  wrongVersion: (version: string) =>
    `This export is version ${version}; this Tasklane reads versions ${joinWithAnd(READABLE_EXPORT_VERSIONS)}. ${NOTHING_IMPORTED}`,
  damaged: (problem: string) => `This Tasklane export is damaged: ${problem}. ${NOTHING_IMPORTED}`,
  badCsv: (problem: string) => `This file is not valid CSV: ${problem} ${NOTHING_IMPORTED}`,
  noCsvColumns: `This CSV file has no "id" and "title" columns, so it is not a Tasklane task list. ${NOTHING_IMPORTED}`,
  badCsvHeader: (problem: string) => `This CSV file's header ${problem}. ${NOTHING_IMPORTED}`,
} as const;

/** Why one task of the file is skipped (docs/product.md#your-data). */
export const ROW_MESSAGES = {
  notAnObject: 'This entry is not a task.',
  cellCount: (cells: number, columns: number) =>
    `This row has ${cells} ${cells === 1 ? 'cell' : 'cells'}; the header has ${columns}.`,
  duplicateId: (id: string, firstRow: number) => `Row ${firstRow} of this file already has the id "${id}".`,
  field: {
    id: '"id" is missing or is not text.',
    title: '"title" is missing or is not text.',
    description: '"description" is not text.',
    priority: '"priority" must be High, Medium or Low.',
    deadline: '"deadline" is not text.',
    progress: '"progress" must be a whole number from 0 to 100.',
    assignedTo: '"assignedTo" is not text.',
    email: '"email" is not text.',
    status: '"status" is not text.',
  },
  other: 'This task does not fit the task rules.',
} as const;

/** One task of the file, before validation: `row` is its number in the file (see ImportSource). */
export type ImportRow = { row: number; value: unknown };
export type InvalidRow = { row: number; message: string };

/**
 * A file read: its tasks (for CSV, `row` counts records with the header as row 1; for JSON, the position
 * in `tasks` from 1), rows already refused while reading, and for JSON the other keys.
 */
export type ImportSource = {
  kind: ImportKind;
  rows: ImportRow[];
  refusedRows: InvalidRow[];
  /** The export's projects (version 3); absent from older exports and CSV. */
  projects?: unknown[];
  notes?: string;
  calendarEvents?: unknown[];
  /** `null` when the export had no profile. */
  userProfile?: unknown;
  /** The export's files (version 4, default mode), unchecked: local-transfer.ts reads them. */
  files?: unknown[];
};

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

/** The kind of a chosen file from its name (then its type), or a message when it is neither. */
export function checkImportFile(file: { name: string; size: number; type?: string }): Result<ImportKind> {
  const name = file.name.toLowerCase();
  const kind: ImportKind | null =
    name.endsWith('.json') || (!name.includes('.') && file.type === 'application/json')
      ? 'json'
      : name.endsWith('.csv') || (!name.includes('.') && file.type === 'text/csv')
        ? 'csv'
        : null;
  if (!kind) return { ok: false, message: IMPORT_MESSAGES.wrongType };
  if (file.size > IMPORT_MAX_BYTES[kind]) {
    return { ok: false, message: IMPORT_MESSAGES.tooLarge(file.size, kind) };
  }
  if (file.size === 0) return { ok: false, message: IMPORT_MESSAGES.empty };
  return { ok: true, value: kind };
}

function readJsonSource(text: string): Result<ImportSource> {
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, message: IMPORT_MESSAGES.badJson };
  }
  if (!isRecord(data) || data.format !== EXPORT_FORMAT)
    return { ok: false, message: IMPORT_MESSAGES.notExport };
  // Files of versions 1 and 2 are read as they are: version 2 only adds task fields, which tasks keep
  // anyway, and version 3 adds `projects`, which they lack (their tasks go into General). Version 4
  // adds `files`, which older files lack (and a team's export leaves out).
  if (!READABLE_EXPORT_VERSIONS.includes(data.version as number)) {
    return { ok: false, message: IMPORT_MESSAGES.wrongVersion(JSON.stringify(data.version) ?? 'missing') };
  }
  const { tasks, projects, notes, calendarEvents, userProfile, files } = data;
  if (!Array.isArray(tasks)) return { ok: false, message: IMPORT_MESSAGES.damaged('"tasks" is not a list') };
  if (projects !== undefined && !Array.isArray(projects)) {
    return { ok: false, message: IMPORT_MESSAGES.damaged('"projects" is not a list') };
  }
  if (notes !== undefined && typeof notes !== 'string') {
    return { ok: false, message: IMPORT_MESSAGES.damaged('"notes" is not text') };
  }
  if (calendarEvents !== undefined && !Array.isArray(calendarEvents)) {
    return { ok: false, message: IMPORT_MESSAGES.damaged('"calendarEvents" is not a list') };
  }
  if (files !== undefined && !Array.isArray(files)) {
    return { ok: false, message: IMPORT_MESSAGES.damaged('"files" is not a list') };
  }
  const source: ImportSource = {
    kind: 'json',
    rows: tasks.map((value: unknown, index) => ({ row: index + 1, value })),
    refusedRows: [],
  };
  if (projects !== undefined) source.projects = projects as unknown[];
  if (notes !== undefined) source.notes = notes;
  if (calendarEvents !== undefined) source.calendarEvents = calendarEvents as unknown[];
  if (userProfile !== undefined) source.userProfile = userProfile;
  if (files !== undefined) source.files = files as unknown[];
  return { ok: true, value: source };
}

const KNOWN_COLUMNS: ReadonlySet<string> = new Set(TASK_CSV_COLUMNS);

/** A cell of a column beyond the task fields holds JSON (as exported); other text is taken as text. */
function readExtraCell(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readCsvSource(text: string): Result<ImportSource> {
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ok: false, message: IMPORT_MESSAGES.badCsv(parsed.message) };
  const [header, ...records] = parsed.records;
  if (!header) return { ok: false, message: IMPORT_MESSAGES.empty };
  // Names are taken exactly (not trimmed): a field's name may hold spaces.
  const names = header.map((cell) => (cell === null ? '' : unescapeFormula(cell)));
  const blank = names.indexOf('');
  if (blank !== -1) {
    return { ok: false, message: IMPORT_MESSAGES.badCsvHeader(`has no name for column ${blank + 1}`) };
  }
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) {
    return { ok: false, message: IMPORT_MESSAGES.badCsvHeader(`names the column "${twice}" twice`) };
  }
  if (!names.includes('id') || !names.includes('title')) {
    return { ok: false, message: IMPORT_MESSAGES.noCsvColumns };
  }
  // The reading columns (label names, checklist counts, the project's name) are skipped. A file
  // without `checklist` is an older export, whose `labels` column, if any, is the task field as JSON.
  const skipped: ReadonlySet<string> = names.includes('checklist')
    ? new Set(TASK_CSV_READING_COLUMNS)
    : new Set();
  const source: ImportSource = { kind: 'csv', rows: [], refusedRows: [] };
  records.forEach((record, index) => {
    const row = index + 2;
    if (record.length !== names.length) {
      source.refusedRows.push({ row, message: ROW_MESSAGES.cellCount(record.length, names.length) });
      return;
    }
    // fromEntries defines own fields, so a column named "__proto__" is just a field.
    const value = Object.fromEntries(
      record.flatMap((cell, column) => {
        const name = names[column]!;
        if (cell === null || skipped.has(name)) return [];
        const cellText = unescapeFormula(cell);
        return [[fieldOfCsvColumn(name), KNOWN_COLUMNS.has(name) ? cellText : readExtraCell(cellText)]];
      }),
    );
    source.rows.push({ row, value });
  });
  return { ok: true, value: source };
}

/** The file's text read as `kind`, or the message saying why it cannot be imported. */
export function readImportText(kind: ImportKind, text: string): Result<ImportSource> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '') return { ok: false, message: IMPORT_MESSAGES.empty };
  return kind === 'json' ? readJsonSource(body) : readCsvSource(body);
}
