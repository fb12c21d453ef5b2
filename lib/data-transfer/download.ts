import { localLabelsStore, teamLabelsStore } from '@/lib/storage/labels';
import { readCurrentData } from './apply';
import { exportFileName, formatJsonExport, formatTasksCsv } from './export';

const OBJECT_URL_LIFETIME_MS = 10_000;

export type ExportKind = 'json' | 'csv';

/** Hands `text` to the browser as a file download (a Blob behind an object URL, released after the click). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers fetch the URL after the click's task has ended: release it a little later.
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * Downloads this browser's data (docs/product.md#your-data): everything as JSON, or the tasks as CSV,
 * whose `labels` column names the labels of the set in use (`team`: the team's, else this browser's).
 * Returns the file name.
 */
export function downloadExport(kind: ExportKind, { team = false, now = new Date() } = {}): string {
  const data = readCurrentData();
  const fileName = exportFileName(now, kind);
  if (kind === 'json') {
    downloadText(fileName, formatJsonExport(data, now), 'application/json');
    return fileName;
  }
  const names = new Map(
    (team ? teamLabelsStore : localLabelsStore).read().map((label) => [label.id, label.name]),
  );
  downloadText(
    fileName,
    formatTasksCsv(data.tasks, { labelName: (id) => names.get(id) }),
    'text/csv;charset=utf-8',
  );
  return fileName;
}
