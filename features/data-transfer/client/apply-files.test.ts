// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  planFilesImport,
  readImportedFiles,
  undoImportedFiles,
  writeImportedFiles,
  type FileToImport,
} from '@/features/attachments/client/local-transfer';
import { LOCAL_FILE_MESSAGES } from '@/features/attachments/client/local-files';
import { tasksStore } from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import { applyImport, prepareImportFiles, readCurrentData, undoAppliedImport } from './apply';
import { formatJsonExport } from './export';
import { planImport } from './import-plan';
import { readImportText } from './import-read';

/**
 * An import with the default mode's files (export version 4): the files are written after the keys,
 * and when the browser refuses them the keys are put back; Undo takes both back. The IndexedDB side
 * (local-transfer.ts) is tested on its own; here it is a stand-in.
 */

vi.mock('@/features/attachments/client/local-transfer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/attachments/client/local-transfer')>()),
  readImportedFiles: vi.fn(),
  planFilesImport: vi.fn(),
  writeImportedFiles: vi.fn(),
  undoImportedFiles: vi.fn(),
}));

const TASK: Task = {
  id: '1',
  title: 'Write',
  description: '',
  priority: 'High',
  deadline: '',
  progress: 0,
  assignedTo: 'Ada',
};
const FILE: FileToImport = {
  id: '0b6c2a44-9f0e-4d55-8d7e-2f4b2f8c1a01',
  task: '1',
  name: 'a.txt',
  mediaType: 'application/octet-stream',
  preview: null,
  addedByName: 'Ada',
  addedAt: '2026-11-30T10:00:00.000Z',
  cover: false,
  bytes: new Blob(['a']),
};
const NO_CHOICES = { replaceNotes: false, replaceProfile: false };

/** A file of version 4 with TASK and `entries` as its files, prepared as the panel prepares it. */
async function prepared(entries: unknown[] = [{ id: FILE.id }, { id: 'damaged' }]) {
  const text = formatJsonExport({ ...readCurrentData(false), tasks: [TASK], files: [] }, new Date());
  const read = readImportText('json', text);
  if (!read.ok) throw new Error(read.message);
  const source = { ...read.value, files: undefined };
  const plan = planImport(source, readCurrentData(false));
  return { source, plan, files: await prepareImportFiles(entries, plan, false) };
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(readImportedFiles)
    .mockReset()
    .mockResolvedValue({ files: [FILE], unreadable: 1, tooLarge: 0 });
  vi.mocked(planFilesImport)
    .mockReset()
    .mockResolvedValue({ add: [FILE], alreadyHere: 0, overLimit: 0, ofTasksLeftOut: 0 });
  vi.mocked(writeImportedFiles)
    .mockReset()
    .mockResolvedValue({ ids: [FILE.id], replaced: [] });
  vi.mocked(undoImportedFiles).mockReset().mockResolvedValue();
});

describe('prepareImportFiles', () => {
  it('reads and plans the files for the tasks the import takes, and sums up for the preview', async () => {
    const { files } = await prepared();
    expect(vi.mocked(planFilesImport).mock.calls[0]![1]).toEqual(new Set(['1']));
    expect(files.summary).toMatchObject({ total: 2, team: false, new: 1, unreadable: 1, overLimits: 0 });
  });

  it('none for a file without files; only counted with team sync on; unavailable when IndexedDB refuses', async () => {
    const { plan } = await prepared();
    expect(await prepareImportFiles(undefined, plan, false)).toEqual({ read: null, summary: null });
    expect(await prepareImportFiles([], plan, false)).toEqual({ read: null, summary: null });
    const team = await prepareImportFiles([{}, {}], plan, true);
    expect(team).toMatchObject({ read: null, summary: { total: 2, team: true, new: 0 } });
    vi.mocked(planFilesImport).mockRejectedValue(new DOMException('closed', 'InvalidStateError'));
    const refused = await prepareImportFiles([{}], plan, false);
    expect(refused).toMatchObject({ read: null, summary: { total: 1, unavailable: true } });
  });
});

describe('applyImport with files', () => {
  it('writes the keys, then the files, and says so; Undo takes both back', async () => {
    const outcome = await applyImport(await prepared(), false, NO_CHOICES);
    if (!('applied' in outcome)) throw new Error('not applied');
    expect(outcome.applied.status).toBe('Import applied: 1 task added, 1 file added. 1 file was left out.');
    expect(tasksStore.read()).toEqual([TASK]);
    expect(writeImportedFiles).toHaveBeenCalledWith([FILE]);

    expect(await undoAppliedImport(outcome.applied)).toBe(true);
    expect(undoImportedFiles).toHaveBeenCalledWith({ ids: [FILE.id], replaced: [] });
    expect(tasksStore.read()).toEqual([]);
  });

  it('when the browser refuses the files, the keys are put back and the message says why', async () => {
    vi.mocked(writeImportedFiles).mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    const outcome = await applyImport(await prepared(), false, NO_CHOICES);
    expect(outcome).toEqual({ error: LOCAL_FILE_MESSAGES.noRoom });
    expect(tasksStore.read()).toEqual([]);
    expect(localStorage.getItem(tasksStore.key)).toBeNull();
  });

  it('files alone (their tasks here already) are applied; no file to add writes none', async () => {
    localStorage.clear();
    const ready = await prepared();
    const { replaceAllTasks } = await import('@/features/tasks/client/tasks');
    replaceAllTasks([TASK]);
    const outcome = await applyImport(ready, false, NO_CHOICES);
    expect('applied' in outcome && outcome.applied.status).toBe(
      'Import applied: 1 file added. 1 file was left out.',
    );

    vi.mocked(planFilesImport).mockResolvedValue({
      add: [],
      alreadyHere: 1,
      overLimit: 0,
      ofTasksLeftOut: 0,
    });
    vi.mocked(writeImportedFiles).mockClear();
    await applyImport(ready, false, NO_CHOICES);
    expect(writeImportedFiles).not.toHaveBeenCalled();
  });
});
