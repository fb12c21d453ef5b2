import { IMPORT_FILE_MAX_BYTES } from '@/shared/constants';
import { calendarEventSchema, type CalendarEvent } from '@/features/calendar/model/calendar-event';
import { userProfileSchema, type UserProfile } from '@/features/accounts/client/profile-store';
import { taskSchema } from '@/features/tasks/model/task-read';
import type { Task } from '@/features/tasks/model/task-types';
import { isRecord } from '@/shared/validation/parsers';
import { parseCsv, unescapeFormula } from '../model/csv';
import {
  EXPORT_FORMAT,
  fieldOfCsvColumn,
  READABLE_EXPORT_VERSIONS,
  TASK_CSV_COLUMNS,
  TASK_CSV_READING_COLUMNS,
  type ExportData,
} from './export';

/**
 * Reading an import file and planning what it changes (docs/product.md#your-data). Nothing here writes:
 * the plan is shown first, and applied only when the user says so.
 */

export type ImportKind = 'json' | 'csv';

const BYTES_PER_MB = 1024 * 1024;
const MAX_MB = IMPORT_FILE_MAX_BYTES / BYTES_PER_MB;
const NOTHING_IMPORTED = 'Nothing was imported.';

/** The messages shown for a file that cannot be imported (docs/product.md#your-data). */
export const IMPORT_MESSAGES = {
  wrongType: `Choose a .json or .csv file exported from Tasklane. ${NOTHING_IMPORTED}`,
  tooLarge: (bytes: number) =>
    `This file is ${(bytes / BYTES_PER_MB).toFixed(1)} MB; files of up to ${MAX_MB} MB can be imported. ${NOTHING_IMPORTED}`,
  empty: `This file is empty. ${NOTHING_IMPORTED}`,
  unreadable: `This file could not be read. ${NOTHING_IMPORTED}`,
  badJson: `This file is not valid JSON. ${NOTHING_IMPORTED}`,
  notExport: `This JSON file is not a Tasklane export. ${NOTHING_IMPORTED}`,
  wrongVersion: (version: string) =>
    `This export is version ${version}; this Tasklane reads versions ${READABLE_EXPORT_VERSIONS.join(' and ')}. ${NOTHING_IMPORTED}`,
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

type CheckedField = keyof typeof ROW_MESSAGES.field;
const CHECKED_FIELDS = Object.keys(ROW_MESSAGES.field) as CheckedField[];

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
  notes?: string;
  calendarEvents?: unknown[];
  /** `null` when the export had no profile. */
  userProfile?: unknown;
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
  if (file.size > IMPORT_FILE_MAX_BYTES) return { ok: false, message: IMPORT_MESSAGES.tooLarge(file.size) };
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
  // Version 1 files are read as they are: version 2 only adds task fields, which tasks keep anyway.
  if (!READABLE_EXPORT_VERSIONS.includes(data.version as number)) {
    return { ok: false, message: IMPORT_MESSAGES.wrongVersion(JSON.stringify(data.version) ?? 'missing') };
  }
  const { tasks, notes, calendarEvents, userProfile } = data;
  if (!Array.isArray(tasks)) return { ok: false, message: IMPORT_MESSAGES.damaged('"tasks" is not a list') };
  if (notes !== undefined && typeof notes !== 'string') {
    return { ok: false, message: IMPORT_MESSAGES.damaged('"notes" is not text') };
  }
  if (calendarEvents !== undefined && !Array.isArray(calendarEvents)) {
    return { ok: false, message: IMPORT_MESSAGES.damaged('"calendarEvents" is not a list') };
  }
  const source: ImportSource = {
    kind: 'json',
    rows: tasks.map((value: unknown, index) => ({ row: index + 1, value })),
    refusedRows: [],
  };
  if (notes !== undefined) source.notes = notes;
  if (calendarEvents !== undefined) source.calendarEvents = calendarEvents as unknown[];
  if (userProfile !== undefined) source.userProfile = userProfile;
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
  // The reading columns (label names, checklist counts) are skipped. A file without `checklist` is an
  // older export, whose `labels` column, if any, is the task field as JSON.
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

/**
 * Why `value` is not a task, by the task rules themselves: each field is tried alone on a minimal valid
 * task, so the message names the first field the rules refuse.
 */
export function describeInvalidTask(value: unknown): string {
  if (!isRecord(value)) return ROW_MESSAGES.notAnObject;
  const minimal: Record<string, unknown> = { id: '1', title: 'Title' };
  for (const field of CHECKED_FIELDS) {
    const probe = { ...minimal, [field]: value[field] };
    if (!taskSchema.safeParse(probe).success) return ROW_MESSAGES.field[field];
  }
  return ROW_MESSAGES.other;
}

/** JSON with object keys sorted: equal for values that differ only in key order. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    isRecord(item)
      ? Object.fromEntries(
          Object.keys(item)
            .sort()
            .map((key) => [key, item[key]]),
        )
      : item,
  );
}

/** What this browser holds now, as the export holds it. */
export type CurrentData = ExportData;

export type PlannedTask = { row: number; task: Task };

export type ImportPlan = {
  kind: ImportKind;
  newTasks: PlannedTask[];
  /** Tasks with a stored id whose content differs: they replace the stored task. */
  updatedTasks: PlannedTask[];
  unchangedTasks: PlannedTask[];
  invalidRows: InvalidRow[];
  /** Valid events of the file not stored yet (file duplicates once). */
  newEvents: CalendarEvent[];
  /** Valid events of the file already stored. */
  knownEventCount: number;
  invalidEventCount: number;
  /** The file's notes when they differ from the stored notes, else `null`. */
  notes: string | null;
  /** The file's profile when it is readable and differs from the stored one, else `null`. */
  userProfile: UserProfile | null;
  /** The file has a profile that does not fit the profile rules (it is skipped). */
  profileInvalid: boolean;
};

/** A stored task as the task rules read it (itself when they cannot). */
function asRead(task: Task): Task {
  const parsed = taskSchema.safeParse(task);
  return parsed.success ? parsed.data : task;
}

/** Sorts the file's tasks into new, updated, unchanged and invalid, and its other keys likewise. */
export function planImport(source: ImportSource, current: CurrentData): ImportPlan {
  // The stored tasks read as the file's are (the task rules, completion's included): a task the
  // browser holds as another device sent it compares by what it shows, so this browser's own export
  // imports as unchanged.
  const stored = new Map(current.tasks.map((task) => [task.id, stableStringify(asRead(task))]));
  const plan: ImportPlan = {
    kind: source.kind,
    newTasks: [],
    updatedTasks: [],
    unchangedTasks: [],
    invalidRows: [...source.refusedRows],
    newEvents: [],
    knownEventCount: 0,
    invalidEventCount: 0,
    notes: null,
    userProfile: null,
    profileInvalid: false,
  };
  const firstRowOfId = new Map<string, number>();
  for (const { row, value } of source.rows) {
    const parsed = taskSchema.safeParse(value);
    if (!parsed.success) {
      plan.invalidRows.push({ row, message: describeInvalidTask(value) });
      continue;
    }
    const task = parsed.data;
    const firstRow = firstRowOfId.get(task.id);
    if (firstRow !== undefined) {
      plan.invalidRows.push({ row, message: ROW_MESSAGES.duplicateId(task.id, firstRow) });
      continue;
    }
    firstRowOfId.set(task.id, row);
    const storedText = stored.get(task.id);
    const list =
      storedText === undefined
        ? plan.newTasks
        : storedText === stableStringify(task)
          ? plan.unchangedTasks
          : plan.updatedTasks;
    list.push({ row, task });
  }
  plan.invalidRows.sort((a, b) => a.row - b.row);

  const knownEvents = new Set(current.calendarEvents.map(stableStringify));
  for (const value of source.calendarEvents ?? []) {
    const parsed = calendarEventSchema.safeParse(value);
    if (!parsed.success) {
      plan.invalidEventCount++;
      continue;
    }
    const text = stableStringify(parsed.data);
    if (knownEvents.has(text)) {
      plan.knownEventCount++;
      continue;
    }
    knownEvents.add(text);
    plan.newEvents.push(parsed.data);
  }

  if (source.notes !== undefined && source.notes !== current.notes) plan.notes = source.notes;

  if (source.userProfile !== undefined && source.userProfile !== null) {
    const parsed = userProfileSchema.safeParse(source.userProfile);
    if (!parsed.success) plan.profileInvalid = true;
    else if (stableStringify(parsed.data) !== stableStringify(current.userProfile)) {
      plan.userProfile = parsed.data;
    }
  }
  return plan;
}

export type ImportChoices = { replaceNotes: boolean; replaceProfile: boolean };

/** The keys an applied plan writes, with their new values; a key it leaves alone is absent. */
export type ImportWrites = {
  tasks?: Task[];
  calendarEvents?: CalendarEvent[];
  notes?: string;
  userProfile?: UserProfile;
};

/**
 * The plan applied to `current`: updated tasks replace the stored task with their id, in place; new
 * tasks follow, in file order; new events are appended; notes and profile are replaced only when chosen.
 */
export function applyImportPlan(
  plan: ImportPlan,
  current: CurrentData,
  choices: ImportChoices,
): ImportWrites {
  const writes: ImportWrites = {};
  if (plan.newTasks.length > 0 || plan.updatedTasks.length > 0) {
    const updates = new Map(plan.updatedTasks.map(({ task }) => [task.id, task]));
    writes.tasks = [
      ...current.tasks.map((task) => updates.get(task.id) ?? task),
      ...plan.newTasks.map(({ task }) => task),
    ];
  }
  if (plan.newEvents.length > 0) writes.calendarEvents = [...current.calendarEvents, ...plan.newEvents];
  if (choices.replaceNotes && plan.notes !== null) writes.notes = plan.notes;
  if (choices.replaceProfile && plan.userProfile !== null) writes.userProfile = plan.userProfile;
  return writes;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The preview's lines (docs/product.md#your-data). */
export const PREVIEW_TEXTS = {
  tasks: (plan: ImportPlan) =>
    `Tasks: ${plan.newTasks.length} new, ${plan.updatedTasks.length} updated, ${plan.unchangedTasks.length} unchanged, ${plan.invalidRows.length} invalid.`,
  events: (plan: ImportPlan) =>
    `Calendar events: ${plan.newEvents.length} new, ${plan.knownEventCount} already here` +
    (plan.invalidEventCount > 0 ? `, ${plan.invalidEventCount} could not be read and will be skipped.` : '.'),
  profileInvalid: 'The profile in this file could not be read, so it will be skipped.',
  nothingToChange: 'Nothing to change: everything in this file is already here.',
  applied: (writes: ImportWrites, plan: ImportPlan) => {
    const parts: string[] = [];
    if (plan.newTasks.length > 0) parts.push(`${count(plan.newTasks.length, 'task', 'tasks')} added`);
    if (plan.updatedTasks.length > 0) {
      parts.push(`${count(plan.updatedTasks.length, 'task', 'tasks')} replaced`);
    }
    if (writes.calendarEvents) {
      parts.push(`${count(plan.newEvents.length, 'calendar event', 'calendar events')} added`);
    }
    if (writes.notes !== undefined) parts.push('notes replaced');
    if (writes.userProfile !== undefined) parts.push('profile replaced');
    return `Import applied: ${parts.join(', ')}.`;
  },
  undone: 'Import undone: everything is back as it was before.',
} as const;

/** Whether applying the plan with these choices would write anything. */
export function planChangesAnything(plan: ImportPlan, choices: ImportChoices): boolean {
  return (
    plan.newTasks.length > 0 ||
    plan.updatedTasks.length > 0 ||
    plan.newEvents.length > 0 ||
    (choices.replaceNotes && plan.notes !== null) ||
    (choices.replaceProfile && plan.userProfile !== null)
  );
}
