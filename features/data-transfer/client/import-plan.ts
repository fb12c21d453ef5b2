import { LOCAL_LIMITS } from '@/features/attachments/client/local-files';
import { calendarEventSchema, type CalendarEvent } from '@/features/calendar/model/calendar-event';
import { userProfileSchema, type UserProfile } from '@/features/accounts/client/profile-store';
import { projectsParser, projectsToAdd, type Project } from '@/features/projects/model/project';
import { GENERAL_PROJECT, taskProjectId } from '@/features/projects/model/project-key';
import { taskSchema } from '@/features/tasks/model/task-read';
import type { Task } from '@/features/tasks/model/task-types';
import { formatBytes } from '@/shared/format/bytes';
import { isRecord } from '@/shared/validation/parsers';
import type { ExportData } from './export';
import { ROW_MESSAGES, type ImportKind, type ImportSource, type InvalidRow } from './import-read';

/**
 * Planning what a file read by import-read.ts changes (docs/product.md#your-data). Nothing here writes:
 * the plan is shown first, and applied only when the user says so.
 */

type CheckedField = keyof typeof ROW_MESSAGES.field;
const CHECKED_FIELDS = Object.keys(ROW_MESSAGES.field) as CheckedField[];

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

/**
 * What this browser holds now: what the export holds (`projects`, the mode's, General included) and
 * `storedProjects`, the default mode's list as stored (`tasklane.projects`: General in it only once
 * the list was written), which an import appends its new projects to. `null` with team sync on: an
 * import adds no project there.
 */
export type CurrentData = ExportData & { storedProjects: readonly Project[] | null };

export type PlannedTask = { row: number; task: Task };

export type ImportPlan = {
  kind: ImportKind;
  /** The file lists projects (a JSON export of version 3). */
  hasProjects: boolean;
  /** The file's projects this browser adds (projectsToAdd); none with team sync on. */
  newProjects: Project[];
  /** With team sync on: the file's projects the team does not have, which are not added. */
  projectsNotAdded: number;
  /** New and updated tasks naming a project neither here nor added: they go into General. */
  intoGeneralCount: number;
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

/**
 * The file's projects against the mode's: by default those that clash with none here are added
 * (projectsToAdd); with team sync on none is, and the ones the team does not have are counted.
 */
function planProjects(
  source: ImportSource,
  current: CurrentData,
): Pick<ImportPlan, 'hasProjects' | 'newProjects' | 'projectsNotAdded'> {
  const incoming = source.projects === undefined ? [] : projectsParser.parse(source.projects);
  const hasProjects = source.projects !== undefined;
  if (current.storedProjects !== null) {
    return { hasProjects, newProjects: projectsToAdd(current.projects, incoming), projectsNotAdded: 0 };
  }
  const known = new Set([GENERAL_PROJECT.id, ...current.projects.map((project) => project.id)]);
  const projectsNotAdded = incoming.filter((project) => !known.has(project.id)).length;
  return { hasProjects, newProjects: [], projectsNotAdded };
}

/** The task in General (its `projectId` taken away) when the project it names is not `known`. */
function inKnownProject(task: Task, known: ReadonlySet<string>): Task {
  if (task.projectId === undefined || known.has(taskProjectId(task.projectId))) return task;
  const { projectId: _unknown, ...rest } = task;
  return rest;
}

/** Sorts the file's tasks into new, updated, unchanged and invalid (into `plan`). */
function planTasks(plan: ImportPlan, source: ImportSource, current: CurrentData): void {
  // The stored tasks read as the file's are (the task rules, completion's included): a task the
  // browser holds as another device sent it compares by what it shows, so this browser's own export
  // imports as unchanged.
  const stored = new Map(current.tasks.map((task) => [task.id, stableStringify(asRead(task))]));
  // The projects known once the import is applied: a task naming another goes into General.
  const known = new Set([
    GENERAL_PROJECT.id,
    ...current.projects.map((project) => project.id),
    ...plan.newProjects.map((project) => project.id),
  ]);
  const firstRowOfId = new Map<string, number>();
  for (const { row, value } of source.rows) {
    const parsed = taskSchema.safeParse(value);
    if (!parsed.success) {
      plan.invalidRows.push({ row, message: describeInvalidTask(value) });
      continue;
    }
    const task = inKnownProject(parsed.data, known);
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
    if (task !== parsed.data && list !== plan.unchangedTasks) plan.intoGeneralCount++;
  }
  plan.invalidRows.sort((a, b) => a.row - b.row);
}

/** The file's calendar events: new ones (each once), those already here, unreadable ones. */
function planEvents(plan: ImportPlan, events: readonly unknown[], current: CurrentData): void {
  const knownEvents = new Set(current.calendarEvents.map(stableStringify));
  for (const value of events) {
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
}

/**
 * Sorts the file's projects, tasks and events into new and the rest, and offers its notes and profile
 * when they differ.
 */
export function planImport(source: ImportSource, current: CurrentData): ImportPlan {
  const plan: ImportPlan = {
    kind: source.kind,
    ...planProjects(source, current),
    intoGeneralCount: 0,
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
  planTasks(plan, source, current);
  planEvents(plan, source.calendarEvents ?? [], current);

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

/**
 * The ids of the file's tasks that the import takes (new, updated or unchanged): the ids stay as in
 * the file, so their files (export version 4) go to the tasks of the same ids.
 */
export function importedTaskIds(plan: ImportPlan): Set<string> {
  return new Set([...plan.newTasks, ...plan.updatedTasks, ...plan.unchangedTasks].map(({ task }) => task.id));
}

/** What an import does with the file's files (export version 4; docs/product.md#your-data). */
export type FilesSummary = {
  /** How many the file holds. */
  total: number;
  /** With team sync on: none is added (the team's files are the server's). */
  team: boolean;
  /** This browser cannot keep files (IndexedDB off or refused): none is added. */
  unavailable: boolean;
  new: number;
  alreadyHere: number;
  /** Damaged: not a file's entry, or bytes that do not match their size or SHA-256. */
  unreadable: number;
  /** Over 25 MB, or past 100 files on their task (LOCAL_LIMITS). */
  overLimits: number;
  /** Of tasks the import does not take. */
  ofTasksLeftOut: number;
};

/** How many of the file's files an import leaves out. */
export function filesLeftOut(summary: FilesSummary): number {
  if (summary.team || summary.unavailable) return summary.total;
  return summary.unreadable + summary.overLimits + summary.ofTasksLeftOut;
}

export type ImportChoices = { replaceNotes: boolean; replaceProfile: boolean };

/**
 * The keys an applied plan writes, with their new values; a key it leaves alone is absent. `projects`
 * is the default mode's whole list as stored (features/projects/client/local-projects.ts).
 */
export type ImportWrites = {
  projects?: Project[];
  tasks?: Task[];
  calendarEvents?: CalendarEvent[];
  notes?: string;
  userProfile?: UserProfile;
};

/**
 * The plan applied to `current`: new projects are appended to the stored list (default mode only);
 * updated tasks replace the stored task with their id, in place; new tasks follow, in file order; new
 * events are appended; notes and profile are replaced only when chosen.
 */
export function applyImportPlan(
  plan: ImportPlan,
  current: CurrentData,
  choices: ImportChoices,
): ImportWrites {
  const writes: ImportWrites = {};
  if (plan.newProjects.length > 0 && current.storedProjects !== null) {
    writes.projects = [...current.storedProjects, ...plan.newProjects];
  }
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

const fileCount = (n: number) => count(n, 'file', 'files');

/** The preview's lines about the file's files (docs/product.md#your-data). */
export const FILE_TEXTS = {
  files: (summary: FilesSummary) => `Files: ${summary.new} new, ${summary.alreadyHere} already here.`,
  unreadable: (n: number) => `${fileCount(n)} could not be read (damaged or changed) and will be left out.`,
  overLimits: (n: number) =>
    `${fileCount(n)} ${n === 1 ? 'is' : 'are'} over the limits (${formatBytes(LOCAL_LIMITS.maxUploadSize)} each, ${LOCAL_LIMITS.perTask} on a task) and will be left out.`,
  ofTasksLeftOut: (n: number) =>
    n === 1
      ? '1 file belongs to a task that is not imported and will be left out.'
      : `${n} files belong to tasks that are not imported and will be left out.`,
  team: (n: number) =>
    `${fileCount(n)} in this export will not be added: with team sync on, files are kept on the server (attach them in the task view).`,
  unavailable: (n: number) =>
    `This browser cannot keep files (its storage is off or full), so ${n === 1 ? 'the file' : `the ${n} files`} in this export will be left out.`,
  leftOut: (n: number) => ` ${fileCount(n)} ${n === 1 ? 'was' : 'were'} left out.`,
} as const;

/** The preview's lines about the file's files, in order; none for a file without files. */
export function fileLines(summary: FilesSummary | null): string[] {
  if (summary === null || summary.total === 0) return [];
  if (summary.team) return [FILE_TEXTS.team(summary.total)];
  if (summary.unavailable) return [FILE_TEXTS.unavailable(summary.total)];
  const lines = [FILE_TEXTS.files(summary)];
  if (summary.unreadable > 0) lines.push(FILE_TEXTS.unreadable(summary.unreadable));
  if (summary.overLimits > 0) lines.push(FILE_TEXTS.overLimits(summary.overLimits));
  if (summary.ofTasksLeftOut > 0) lines.push(FILE_TEXTS.ofTasksLeftOut(summary.ofTasksLeftOut));
  return lines;
}

/** The preview's lines (docs/product.md#your-data). */
export const PREVIEW_TEXTS = {
  tasks: (plan: ImportPlan) =>
    `Tasks: ${plan.newTasks.length} new, ${plan.updatedTasks.length} updated, ${plan.unchangedTasks.length} unchanged, ${plan.invalidRows.length} invalid.`,
  projects: (plan: ImportPlan) => `Projects: ${plan.newProjects.length} new.`,
  projectsNotAdded: (plan: ImportPlan) =>
    `${count(plan.projectsNotAdded, 'project', 'projects')} of this file will not be added: with team sync on, projects are the team’s.`,
  intoGeneral: (plan: ImportPlan) =>
    plan.intoGeneralCount === 1
      ? '1 task from a project not here will go into General.'
      : `${plan.intoGeneralCount} tasks from projects not here will go into General.`,
  events: (plan: ImportPlan) =>
    `Calendar events: ${plan.newEvents.length} new, ${plan.knownEventCount} already here` +
    (plan.invalidEventCount > 0 ? `, ${plan.invalidEventCount} could not be read and will be skipped.` : '.'),
  profileInvalid: 'The profile in this file could not be read, so it will be skipped.',
  nothingToChange: 'Nothing to change: everything in this file is already here.',
  /**
   * `files`: how many of the file's files were added and left out (a file of version 4; by default
   * none).
   */
  applied: (writes: ImportWrites, plan: ImportPlan, files = { added: 0, leftOut: 0 }) => {
    const parts: string[] = [];
    if (writes.projects) parts.push(`${count(plan.newProjects.length, 'project', 'projects')} added`);
    if (plan.newTasks.length > 0) parts.push(`${count(plan.newTasks.length, 'task', 'tasks')} added`);
    if (plan.updatedTasks.length > 0) {
      parts.push(`${count(plan.updatedTasks.length, 'task', 'tasks')} replaced`);
    }
    if (writes.calendarEvents) {
      parts.push(`${count(plan.newEvents.length, 'calendar event', 'calendar events')} added`);
    }
    if (writes.notes !== undefined) parts.push('notes replaced');
    if (writes.userProfile !== undefined) parts.push('profile replaced');
    if (files.added > 0) parts.push(`${count(files.added, 'file', 'files')} added`);
    const leftOut = files.leftOut > 0 ? FILE_TEXTS.leftOut(files.leftOut) : '';
    return `Import applied: ${parts.join(', ')}.${leftOut}`;
  },
  applying: 'Applying the import…',
  undone: 'Import undone: everything is back as it was before.',
} as const;

/** Whether applying the plan with these choices (and `newFiles` of its files) would write anything. */
export function planChangesAnything(plan: ImportPlan, choices: ImportChoices, newFiles = 0): boolean {
  return (
    newFiles > 0 ||
    plan.newProjects.length > 0 ||
    plan.newTasks.length > 0 ||
    plan.updatedTasks.length > 0 ||
    plan.newEvents.length > 0 ||
    (choices.replaceNotes && plan.notes !== null) ||
    (choices.replaceProfile && plan.userProfile !== null)
  );
}
