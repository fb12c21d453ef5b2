import 'server-only';
import { formatBytes } from '@/shared/format/bytes';
import type { DatabaseHandle } from '../db';
import { StorageError, type FileStore } from '../storage';
import { ATTACHMENTS_TABLE, fileRefOf, isPastUndo, type FileRef } from './file-refs';
import { handleTables, readTable } from './snapshot';
import { eachLimit, hashStored, type Mismatch } from './store-check';

/**
 * `storage verify` (docs/decisions/0051-file-storage.md): the files the database lists against the
 * bytes the store holds. Missing: a row whose bytes are not there; mismatched: bytes of another
 * size than the row's (with `hash`, every file is read and its SHA-256 compared too); orphaned:
 * bytes no row names (the start-up probe's `probe/` keys and the local driver's `.tmp/` aside). Rows
 * are read before the store is listed, so an upload finishing meanwhile (bytes first, then row) can
 * only show as an orphan, which `cleanOrphans` removes only past ORPHAN_MIN_AGE_MS.
 */

/** An orphan younger than this may be an upload whose row is not written yet: never removed. */
export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;

/** Keys the app writes that no row names: the start-up probe's. */
const OWN_PREFIXES = ['probe/'];

export interface Orphan {
  key: string;
  size: number;
  modifiedAt?: Date;
}

export interface StoreReport {
  /** The files whose bytes were looked for (rows deleted past their Undo aside). */
  checked: number;
  missing: FileRef[];
  mismatched: Mismatch[];
  /** Orphans left in the store. */
  orphans: Orphan[];
  /** Orphans removed (`cleanOrphans`). */
  removed: Orphan[];
}

export interface VerifyStoreOptions {
  /** Read every file and compare its SHA-256 (not only its size). */
  hash?: boolean;
  /** Delete the orphans last written more than ORPHAN_MIN_AGE_MS ago. */
  cleanOrphans?: boolean;
  now?: Date;
}

/** Every row of `task_attachments`, by storage key, read a page at a time. */
async function fileRows(handle: DatabaseHandle): Promise<Map<string, FileRef>> {
  const table = handleTables(handle).find((entry) => entry.name === ATTACHMENTS_TABLE)!;
  const files = new Map<string, FileRef>();
  for await (const batch of readTable(handle.db, table)) {
    for (const row of batch) {
      const file = fileRefOf((name) => {
        const column = table.columns.find((entry) => entry.name === name);
        return column ? row[column.key] : null;
      });
      files.set(file.key, file);
    }
  }
  return files;
}

export async function verifyStore(
  handle: DatabaseHandle,
  store: FileStore,
  options: VerifyStoreOptions = {},
): Promise<StoreReport> {
  const now = options.now ?? new Date();
  const files = await fileRows(handle);
  const named = new Set<string>();
  for (const file of files.values()) {
    named.add(file.key);
    if (file.thumbnailKey) named.add(file.thumbnailKey);
  }
  const sizes = new Map<string, number>();
  const orphans: Orphan[] = [];
  for await (const { key, size } of store.list('')) {
    if (OWN_PREFIXES.some((prefix) => key.startsWith(prefix))) continue;
    if (files.has(key)) sizes.set(key, size);
    else if (!named.has(key)) orphans.push({ key, size });
  }
  const report: StoreReport = { checked: 0, missing: [], mismatched: [], orphans: [], removed: [] };
  const sameSize: FileRef[] = [];
  for (const file of files.values()) {
    if (isPastUndo(file, now)) continue;
    report.checked += 1;
    const size = sizes.get(file.key);
    if (size === undefined) report.missing.push(file);
    else if (size !== file.size) report.mismatched.push({ file, size });
    else sameSize.push(file);
  }
  if (options.hash) {
    await eachLimit(sameSize, 4, async (file) => {
      const stored = await hashStored(store, file.key);
      if (!stored) report.missing.push(file);
      else if (stored.sha256 !== file.sha256) report.mismatched.push({ file, ...stored });
    });
  }
  await sortOrphans(
    store,
    orphans,
    report,
    options.cleanOrphans ? now.getTime() - ORPHAN_MIN_AGE_MS : undefined,
  );
  return report;
}

/** Looks up each orphan's time; with `cutoff`, deletes the ones last written before it. */
async function sortOrphans(
  store: FileStore,
  orphans: Orphan[],
  report: StoreReport,
  cutoff: number | undefined,
): Promise<void> {
  await eachLimit(orphans, 8, async (orphan) => {
    try {
      orphan.modifiedAt = (await store.head(orphan.key)).modifiedAt;
    } catch (error) {
      if (error instanceof StorageError && error.code === 'NOT_FOUND') return; // Gone meanwhile.
      throw error;
    }
    if (cutoff !== undefined && orphan.modifiedAt.getTime() <= cutoff) {
      await store.delete(orphan.key);
      report.removed.push(orphan);
    } else report.orphans.push(orphan);
  });
  const byKey = (a: Orphan, b: Orphan) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  report.orphans.sort(byKey);
  report.removed.sort(byKey);
}

function orphanText({ key, size, modifiedAt }: Orphan): string {
  return `${key} (${formatBytes(size)}${modifiedAt ? `, written ${modifiedAt.toISOString()}` : ''})`;
}

/** One line per problem (and per orphan removed), for the command's output. */
export function reportLines(report: StoreReport): string[] {
  const fileText = (file: FileRef) => `${file.key} ("${file.name}" of task ${file.task}`;
  return [
    ...report.missing.map((file) => `missing: ${fileText(file)}: no bytes in the store)`),
    ...report.mismatched.map(({ file, size, sha256 }) =>
      size !== file.size
        ? `mismatched: ${fileText(file)}: ${size} bytes stored, ${file.size} in its row)`
        : `mismatched: ${fileText(file)}: stored SHA-256 ${sha256}, ${file.sha256} in its row)`,
    ),
    ...report.orphans.map((orphan) => `orphaned: ${orphanText(orphan)}`),
    ...report.removed.map((orphan) => `removed orphan: ${orphanText(orphan)}`),
  ];
}

/** Whether anything is wrong: a missing, mismatched or (remaining) orphaned file. */
export function storeHasProblems(report: StoreReport): boolean {
  return report.missing.length + report.mismatched.length + report.orphans.length > 0;
}
