import {
  planFilesImport,
  readImportedFiles,
  transferFailureMessage,
  undoImportedFiles,
  writeImportedFiles,
  type FilesImportPlan,
  type FilesImportSnapshot,
  type ImportedFilesRead,
} from '@/features/attachments/client/local-transfer';
import { calendarEventsStore } from '@/features/calendar/client/calendar-events';
import { type CalendarEvent } from '@/features/calendar/model/calendar-event';
import { readRawItem } from '@/shared/browser-storage/local-store';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { userProfileStore, type UserProfile } from '@/features/accounts/client/profile-store';
import { storedLocalProjects } from '@/features/projects/client/local-projects';
import { projectsStoreFor } from '@/features/projects/client/projects-store';
import type { Project } from '@/features/projects/model/project';
import { notesStore } from '@/features/tasks/client/notes';
import { replaceAllTasks, tasksStore } from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import {
  applyImportPlan,
  importedTaskIds,
  planImport,
  PREVIEW_TEXTS,
  type CurrentData,
  type FilesSummary,
  type ImportChoices,
  type ImportPlan,
  type ImportWrites,
} from './import-plan';
import type { ImportSource } from './import-read';

/**
 * Writes an import through the stores (so the board and other tabs see it) and undoes it
 * (docs/product.md#your-data).
 */

type WrittenKey = keyof ImportWrites;

/** How one key is read, written and removed. Tasks go through their own command (team sync hears it). */
type KeyAccess<T> = { key: string; read(): T; write(value: T): void; remove(): void };

// Each entry takes its own value type; `never` lets the record hold them all.
const ACCESS: Record<
  WrittenKey,
  { key: string; read(): unknown; write(value: never): void; remove(): void }
> = {
  // The default mode's list exactly as stored (General only once the list was written); never written
  // with team sync.
  projects: {
    key: storedLocalProjects.key,
    read: () => storedLocalProjects.read(),
    write: (value: Project[]) => storedLocalProjects.write(value),
    remove: () => storedLocalProjects.remove(),
  },
  tasks: {
    key: tasksStore.key,
    read: () => [...tasksStore.read()],
    write: (value: Task[]) => replaceAllTasks(value),
    remove: () => replaceAllTasks(null),
  },
  calendarEvents: {
    key: calendarEventsStore.key,
    read: () => calendarEventsStore.read(),
    write: (value: CalendarEvent[]) => calendarEventsStore.write(value),
    remove: () => calendarEventsStore.remove(),
  },
  notes: {
    key: notesStore.key,
    read: () => notesStore.read(),
    write: (value: string) => notesStore.write(value),
    remove: () => notesStore.remove(),
  },
  userProfile: {
    key: userProfileStore.key,
    read: () => userProfileStore.read(),
    write: (value: UserProfile | null) => userProfileStore.write(value),
    remove: () => userProfileStore.remove(),
  },
};

/**
 * Written in this order, undone in the reverse one: the projects before the tasks that name them, so no
 * screen meets a task of a project it does not know yet.
 */
const WRITE_ORDER: readonly WrittenKey[] = ['projects', 'tasks', 'calendarEvents', 'notes', 'userProfile'];

/** One key's value before the import: absent (the key was not stored) or the value its store read. */
type Before = { key: WrittenKey; stored: false } | { key: WrittenKey; stored: true; value: unknown };

/** What `undoImport` needs: the previous value of every key the import wrote. Kept in memory only. */
export type ImportSnapshot = { readonly before: readonly Before[] };

/**
 * What this browser holds now, as the export and the import plan see it: `team`, with team sync on,
 * the team's projects (the import adds none: `storedProjects` is null), else the browser's own.
 */
export function readCurrentData(team: boolean): CurrentData {
  return {
    projects: projectsStoreFor(team).read(),
    storedProjects: team ? null : storedLocalProjects.read(),
    tasks: tasksStore.read(),
    notes: notesStore.read(),
    calendarEvents: calendarEventsStore.read(),
    userProfile: userProfileStore.read(),
  };
}

function readBefore(key: WrittenKey): Before {
  if (readRawItem(ACCESS[key].key) === null) return { key, stored: false };
  return { key, stored: true, value: ACCESS[key].read() };
}

function restore(before: Before): void {
  const access = ACCESS[before.key] as KeyAccess<unknown>;
  if (before.stored) access.write(before.value);
  else access.remove();
}

/** Puts the keys back, newest write first. A key that refuses is skipped; the first error is thrown. */
function restoreAll(before: readonly Before[]): void {
  let failure: unknown = null;
  for (const entry of [...before].reverse()) {
    try {
      restore(entry);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== null) throw failure;
}

/**
 * Writes every key in `writes`. When the browser refuses one (full quota), the keys already written
 * are put back first, so a failed import changes nothing, then the error is thrown. Returns the snapshot
 * to undo it.
 */
export function writeImport(writes: ImportWrites): ImportSnapshot {
  const before: Before[] = [];
  for (const key of WRITE_ORDER) {
    const value = writes[key];
    if (value === undefined) continue;
    const previous = readBefore(key);
    try {
      (ACCESS[key] as KeyAccess<unknown>).write(value);
    } catch (error) {
      try {
        restoreAll(before);
      } catch {
        // Storage refuses even the old values: what was written stays, the error below says why.
      }
      throw error;
    }
    before.push(previous);
  }
  return { before };
}

/**
 * Puts back the value every key had before the import (a key that was not stored is removed). Throws
 * the first refused write (the other keys are still restored).
 */
export function undoImport(snapshot: ImportSnapshot): void {
  restoreAll(snapshot.before);
}

// ---- With the default mode's files (export version 4) ----

/**
 * The file's files (export version 4): by default read and checked (`read`, their bytes in memory, the
 * file's base64 let go); with team sync on, or when this browser cannot keep files, only counted.
 * `summary` is null for a file without files.
 */
export type PreparedFiles = { read: ImportedFilesRead | null; summary: FilesSummary | null };

/** Reads the file's files and plans them against what this browser keeps (`plan`: its tasks'). */
export async function prepareImportFiles(
  entries: readonly unknown[] | undefined,
  plan: ImportPlan,
  team: boolean,
): Promise<PreparedFiles> {
  if (entries === undefined || entries.length === 0) return { read: null, summary: null };
  const summary: FilesSummary = {
    total: entries.length,
    team,
    unavailable: false,
    new: 0,
    alreadyHere: 0,
    unreadable: 0,
    overLimits: 0,
    ofTasksLeftOut: 0,
  };
  if (team) return { read: null, summary };
  try {
    const read = await readImportedFiles(entries);
    const files = await planFilesImport(read.files, importedTaskIds(plan));
    return {
      read,
      summary: {
        ...summary,
        new: files.add.length,
        alreadyHere: files.alreadyHere,
        unreadable: read.unreadable,
        overLimits: read.tooLarge + files.overLimit,
        ofTasksLeftOut: files.ofTasksLeftOut,
      },
    };
  } catch {
    return { read: null, summary: { ...summary, unavailable: true } };
  }
}

/** An applied import: what Undo puts back, and what the status line says. */
export type AppliedImport = { keys: ImportSnapshot; files: FilesImportSnapshot | null; status: string };

/**
 * Applies `prepared`: the keys through the stores, planned again on what is stored now (another tab
 * may have changed it since the preview), then the files into IndexedDB. When the browser refuses the
 * files, the keys are put back: a failed import changes nothing. `error` is null when the storage
 * toast said why already.
 */
export async function applyImport(
  prepared: { source: ImportSource; plan: ImportPlan; files: PreparedFiles },
  team: boolean,
  choices: ImportChoices,
): Promise<{ applied: AppliedImport } | { error: string | null }> {
  const { read, summary } = prepared.files;
  let files: FilesImportPlan | null = null;
  try {
    // The tasks an import takes do not depend on what is stored: the preview's plan names them.
    if (read) files = await planFilesImport(read.files, importedTaskIds(prepared.plan));
  } catch (error) {
    return { error: transferFailureMessage(error) };
  }
  const current = readCurrentData(team);
  const plan = planImport(prepared.source, current);
  const writes = applyImportPlan(plan, current, choices);
  const result: { keys?: ImportSnapshot } = {};
  if (!saveSafely(() => (result.keys = writeImport(writes))) || !result.keys) return { error: null };
  const keys = result.keys;
  let written: FilesImportSnapshot | null = null;
  if (files && files.add.length > 0) {
    try {
      written = await writeImportedFiles(files.add);
    } catch (error) {
      saveSafely(() => undoImport(keys));
      return { error: transferFailureMessage(error) };
    }
  }
  const leftOut =
    read && files
      ? read.unreadable + read.tooLarge + files.overLimit + files.ofTasksLeftOut
      : (summary?.total ?? 0);
  const added = written?.ids.length ?? 0;
  return {
    applied: { keys, files: written, status: PREVIEW_TEXTS.applied(writes, plan, { added, leftOut }) },
  };
}

/**
 * Undoes an applied import: the keys first (undoImport), then its files. Throws when the browser
 * refuses the files (the keys are back; the same call again takes the files away).
 */
export async function undoAppliedImport(applied: AppliedImport): Promise<boolean> {
  if (!saveSafely(() => undoImport(applied.keys))) return false;
  if (applied.files) await undoImportedFiles(applied.files);
  return true;
}
