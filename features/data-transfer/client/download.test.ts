// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exportLocalFiles, type ExportedFile } from '@/features/attachments/client/local-transfer';
import { replaceAllTasks } from '@/features/tasks/client/tasks';
import { downloadText } from '@/shared/download-text';
import { IMPORT_JSON_MAX_BYTES } from '../model/import-limits';
import { downloadExport, EXPORT_NOTICES } from './download';

/**
 * The JSON export with the default mode's files (docs/product.md#your-data, version 4): the files as
 * local-transfer.ts gives them, or none and a notice saying why; none with team sync on.
 */

vi.mock('@/features/attachments/client/local-transfer', () => ({ exportLocalFiles: vi.fn() }));
vi.mock('@/shared/download-text', () => ({ downloadText: vi.fn() }));

const NOW = new Date(2026, 10, 30, 12, 0);
const FILE_NAME = 'tasklane-2026-11-30.json';
const TASK = {
  id: '1',
  title: 'Write',
  description: '',
  priority: 'High' as const,
  deadline: '',
  progress: 0,
  assignedTo: 'Ada',
};
const ENTRY: ExportedFile = {
  id: '0b6c2a44-9f0e-4d55-8d7e-2f4b2f8c1a01',
  task: '1',
  name: 'a.txt',
  mediaType: 'application/octet-stream',
  addedByName: 'Ada',
  addedAt: '2026-11-30T10:00:00.000Z',
  cover: false,
  size: 1,
  sha256: 'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb',
  data: 'YQ==',
};

/** The JSON handed to the browser's download. */
function downloadedJson(): Record<string, unknown> {
  const [name, text, type] = vi.mocked(downloadText).mock.calls.at(-1)!;
  expect([name, type]).toEqual([FILE_NAME, 'application/json']);
  return JSON.parse(text) as Record<string, unknown>;
}

beforeEach(() => {
  localStorage.clear();
  replaceAllTasks([TASK]);
  vi.mocked(downloadText).mockClear();
  vi.mocked(exportLocalFiles).mockReset();
});

describe('downloadExport: the default mode’s files', () => {
  it('carries the tasks’ files, asked for with the room left under the import limit', async () => {
    vi.mocked(exportLocalFiles).mockResolvedValue({ ok: true, files: [ENTRY], unreadable: 0 });
    expect(await downloadExport('json', { now: NOW })).toEqual({ fileName: FILE_NAME, notice: null });
    expect(downloadedJson()).toMatchObject({ version: 4, tasks: [TASK], files: [ENTRY] });
    const [taskIds, room] = vi.mocked(exportLocalFiles).mock.calls[0]!;
    expect(taskIds).toEqual(['1']);
    expect(room).toBeLessThan(IMPORT_JSON_MAX_BYTES);
    expect(room).toBeGreaterThan(IMPORT_JSON_MAX_BYTES - 10_000);
  });

  it('without the files, and says why, when they cannot be read or would make the file too large', async () => {
    vi.mocked(exportLocalFiles).mockResolvedValue({ ok: false, problem: 'unavailable' });
    expect((await downloadExport('json', { now: NOW })).notice).toBe(
      `This browser’s files could not be read, so the export holds none of them. Everything else is in ${FILE_NAME}.`,
    );
    expect(downloadedJson()).not.toHaveProperty('files');
    expect(downloadedJson()).toMatchObject({ tasks: [TASK] });

    vi.mocked(exportLocalFiles).mockResolvedValue({
      ok: false,
      problem: 'tooLarge',
      bytes: 400 * 1024 * 1024,
    });
    expect((await downloadExport('json', { now: NOW })).notice).toBe(
      `The files take 400 MB: with them the export would be over 300 MB, the most an import reads, so it holds none of them. Everything else is in ${FILE_NAME}; each file can still be downloaded from its task.`,
    );
    expect(downloadedJson()).not.toHaveProperty('files');
  });

  it('the files that could be read, and says how many could not', async () => {
    vi.mocked(exportLocalFiles).mockResolvedValue({ ok: true, files: [ENTRY], unreadable: 2 });
    expect((await downloadExport('json', { now: NOW })).notice).toBe(
      `2 files could not be read, so the export leaves them out. Everything else is in ${FILE_NAME}.`,
    );
    expect(downloadedJson()).toMatchObject({ files: [ENTRY] });
    expect(EXPORT_NOTICES.unreadable(FILE_NAME, 1)).toBe(
      `1 file could not be read, so the export leaves it out. Everything else is in ${FILE_NAME}.`,
    );
  });

  it('with team sync on, and in the CSV, no files: the team’s are the server’s', async () => {
    expect(await downloadExport('json', { team: true, now: NOW })).toEqual({
      fileName: FILE_NAME,
      notice: null,
    });
    expect(downloadedJson()).not.toHaveProperty('files');
    expect(await downloadExport('csv', { now: NOW })).toEqual({
      fileName: 'tasklane-2026-11-30.csv',
      notice: null,
    });
    expect(exportLocalFiles).not.toHaveBeenCalled();
  });
});
