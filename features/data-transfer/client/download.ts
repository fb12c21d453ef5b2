import { localLabelsStore, teamLabelsStore } from '@/features/tasks/client/labels';
import { readCurrentData } from './apply';
import { downloadText } from '@/shared/download-text';
import { exportFileName, formatJsonExport, formatTasksCsv } from './export';

export type ExportKind = 'json' | 'csv';

/**
 * Downloads this browser's data (docs/product.md#your-data): everything as JSON (its projects those of
 * the mode: `team`, the team's, else this browser's own), or the tasks as CSV, whose `labels` column
 * names the labels of the set in use (`team`: the team's, else this browser's) and whose `project`
 * column names each task's project.
 * Returns the file name.
 */
export function downloadExport(kind: ExportKind, { team = false, now = new Date() } = {}): string {
  const data = readCurrentData(team);
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
    formatTasksCsv(data.tasks, { labelName: (id) => names.get(id), projects: data.projects }),
    'text/csv;charset=utf-8',
  );
  return fileName;
}
