import { exportLocalFiles } from '@/features/attachments/client/local-transfer';
import { localLabelsStore, teamLabelsStore } from '@/features/tasks/client/labels';
import { formatBytes } from '@/shared/format/bytes';
import { readCurrentData } from './apply';
import { downloadText } from '@/shared/download-text';
import { IMPORT_JSON_MAX_BYTES } from '../model/import-limits';
import { exportFileName, formatJsonExport, formatTasksCsv, type ExportData } from './export';

export type ExportKind = 'json' | 'csv';

/** What the download says when the JSON export holds fewer files than the tasks have (docs/product.md#your-data). */
export const EXPORT_NOTICES = {
  unavailable: (fileName: string) =>
    `This browser’s files could not be read, so the export holds none of them. Everything else is in ${fileName}.`,
  tooLarge: (fileName: string, bytes: number) =>
    `The files take ${formatBytes(bytes)}: with them the export would be over ${formatBytes(IMPORT_JSON_MAX_BYTES)}, the most an import reads, so it holds none of them. Everything else is in ${fileName}; each file can still be downloaded from its task.`,
  unreadable: (fileName: string, count: number) =>
    `${count === 1 ? '1 file' : `${count} files`} could not be read, so the export leaves ${count === 1 ? 'it' : 'them'} out. Everything else is in ${fileName}.`,
} as const;

export type ExportResult = {
  fileName: string;
  /** Set when the JSON export holds fewer files than this browser keeps for its tasks: why. */
  notice: string | null;
};

/**
 * The default mode's files for the JSON export of `data` (version 4): all the tasks' kept files, or
 * none with the notice saying why. With them the file stays within IMPORT_JSON_MAX_BYTES, so that
 * this app can import every file it exports.
 */
async function withLocalFiles(data: ExportData, fileName: string, now: Date) {
  const rest = new TextEncoder().encode(formatJsonExport({ ...data, files: [] }, now)).length;
  const result = await exportLocalFiles(
    data.tasks.map((task) => task.id),
    IMPORT_JSON_MAX_BYTES - rest,
  );
  if (!result.ok) {
    const notice =
      result.problem === 'tooLarge'
        ? EXPORT_NOTICES.tooLarge(fileName, result.bytes)
        : EXPORT_NOTICES.unavailable(fileName);
    return { data, notice };
  }
  const notice = result.unreadable > 0 ? EXPORT_NOTICES.unreadable(fileName, result.unreadable) : null;
  return { data: { ...data, files: result.files }, notice };
}

/**
 * Downloads this browser's data (docs/product.md#your-data): everything as JSON (its projects those of
 * the mode: `team`, the team's, else this browser's own, with its files), or the tasks as CSV, whose
 * `labels` column names the labels of the set in use (`team`: the team's, else this browser's) and
 * whose `project` column names each task's project.
 */
export async function downloadExport(
  kind: ExportKind,
  { team = false, now = new Date() } = {},
): Promise<ExportResult> {
  const data = readCurrentData(team);
  const fileName = exportFileName(now, kind);
  if (kind === 'json') {
    const { data: exported, notice } = team
      ? { data, notice: null }
      : await withLocalFiles(data, fileName, now);
    downloadText(fileName, formatJsonExport(exported, now), 'application/json');
    return { fileName, notice };
  }
  const names = new Map(
    (team ? teamLabelsStore : localLabelsStore).read().map((label) => [label.id, label.name]),
  );
  downloadText(
    fileName,
    formatTasksCsv(data.tasks, { labelName: (id) => names.get(id), projects: data.projects }),
    'text/csv;charset=utf-8',
  );
  return { fileName, notice: null };
}
