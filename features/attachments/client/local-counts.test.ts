import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filesDb, type StoredFile } from './files-db';
import { LOCAL_RESTORE_MS, localFileCounts, sweepLocalFiles } from './local-counts';
import {
  addLocalFile,
  deleteLocalFile,
  listLocalFiles,
  restoreLocalFile,
  setLocalCover,
} from './local-files';
import { makeThumbnail } from './local-thumbnail';

/** The cards' files in the default mode, and the sweep of what is gone (./local-counts.ts). */

vi.mock('@/shared/realtime/live-comments', () => ({
  announceComments: vi.fn(),
  onCommentsChanged: vi.fn(() => () => undefined),
}));
vi.mock('./local-thumbnail', () => ({ makeThumbnail: vi.fn() }));

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let serial = 0;
const newId = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

const PNG = Uint8Array.of(
  ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
  ...[0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89],
);

const addFile = (task: string, file: Blob, id = newId(), now = T0) =>
  addLocalFile({ id, task, file, name: 'f', addedByName: 'Sam' }, now);

/** A kept file as the database holds it, for the sweep's cases. */
function record(id: string, task: string, deletedAt: Date | null): StoredFile {
  return {
    id,
    task,
    name: id,
    size: 1,
    mediaType: 'application/octet-stream',
    preview: null,
    addedByName: 'Sam',
    addedAt: T0.toISOString(),
    cover: false,
    width: null,
    height: null,
    bytes: new Blob(['x']),
    thumbnail: null,
    deletedAt: deletedAt?.toISOString() ?? null,
  };
}

async function clearStores(): Promise<void> {
  const db = await filesDb();
  await db.clear('files');
  await db.clear('waiting');
}

beforeEach(async () => {
  await clearStores();
  vi.mocked(makeThumbnail).mockReset();
  vi.mocked(makeThumbnail).mockResolvedValue({
    blob: new Blob([Uint8Array.of(0x52, 0x49, 0x46, 0x46)], { type: 'image/webp' }),
    width: 64,
    height: 48,
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the cards’ files', () => {
  it('count the files of each task not deleted, and show the cover’s thumbnail', async () => {
    const cover = await addFile('task-1', new Blob([PNG]));
    await addFile('task-1', new Blob(['text']));
    const deleted = await addFile('task-1', new Blob(['gone']));
    await deleteLocalFile(deleted.id, at(1));
    await addFile('task-2', new Blob([PNG]));
    const onlyDeleted = await addFile('task-3', new Blob(['gone too']));
    await deleteLocalFile(onlyDeleted.id, at(1));
    await setLocalCover(cover.id, true);

    const counts = await localFileCounts();
    expect(counts).toEqual({
      'task-1': { count: 2, cover: cover.thumbnailUrl },
      'task-2': { count: 1, cover: null },
    });
    expect(cover.thumbnailUrl).toMatch(/^blob:/);
  });

  it('show no cover for a cover without a thumbnail, or a cover deleted', async () => {
    vi.mocked(makeThumbnail).mockResolvedValueOnce(null);
    const bare = await addFile('task-1', new Blob([PNG]));
    await setLocalCover(bare.id, true);
    const cover = await addFile('task-2', new Blob([PNG]));
    await setLocalCover(cover.id, true);
    await addFile('task-2', new Blob(['text']));
    await deleteLocalFile(cover.id, at(1));

    expect(await localFileCounts()).toEqual({
      'task-1': { count: 1, cover: null },
      'task-2': { count: 1, cover: null },
    });
  });

  it('are none when the browser keeps no file', async () => {
    expect(await localFileCounts()).toEqual({});
  });
});

describe('the sweep of what is gone', () => {
  it('removes files deleted a day ago or more and those of tasks gone, and keeps the rest', async () => {
    const now = at(10 * DAY);
    const db = await filesDb();
    const files = [
      record('live', 'kept-task', null),
      record('deleted-an-hour-ago', 'kept-task', new Date(now.getTime() - HOUR)),
      record('deleted-almost-a-day-ago', 'kept-task', new Date(now.getTime() - DAY + 1)),
      record('deleted-a-day-ago', 'kept-task', new Date(now.getTime() - DAY)),
      record('of-a-task-gone', 'gone-task', null),
      record('deleted-of-a-task-gone', 'gone-task', new Date(now.getTime() - HOUR)),
    ];
    for (const file of files) await db.put('files', file);

    expect(await sweepLocalFiles(new Set(['kept-task', 'empty-task']), now)).toBe(3);
    expect((await db.getAllKeys('files')).sort()).toEqual(
      ['deleted-almost-a-day-ago', 'deleted-an-hour-ago', 'live'].sort(),
    );
    expect(LOCAL_RESTORE_MS).toBe(DAY);
  });

  it('lets go of the swept files’ addresses, and a swept file can no longer be restored', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const file = await addFile('task-1', new Blob([PNG]));
    await deleteLocalFile(file.id, at(0));
    expect(await sweepLocalFiles(new Set(['task-1']), at(DAY + 1))).toBe(1);
    expect(revoke).toHaveBeenCalledWith(file.url);
    expect(revoke).toHaveBeenCalledWith(file.thumbnailUrl);
    await expect(restoreLocalFile(file.id, at(DAY + 2))).rejects.toMatchObject({ status: 404 });
  });

  it('removes nothing when every file is live and its task held', async () => {
    await addFile('task-1', new Blob(['a']));
    await addFile('task-2', new Blob(['b']));
    expect(await sweepLocalFiles(new Set(['task-1', 'task-2']), at(365 * DAY))).toBe(0);
    expect(await localFileCounts()).toEqual({
      'task-1': { count: 1, cover: null },
      'task-2': { count: 1, cover: null },
    });
  });

  it('removes exactly the files a day past their delete or of a task not held (property)', async () => {
    const fileArb = fc.record({
      task: fc.constantFrom('a', 'b', 'c'),
      deletedHoursAgo: fc.option(fc.integer({ min: 0, max: 48 }), { nil: null }),
    });
    const now = at(30 * DAY);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fileArb, { maxLength: 12 }),
        fc.subarray(['a', 'b', 'c']),
        async (specs, held) => {
          await clearStores();
          const db = await filesDb();
          const expected: string[] = [];
          for (const [i, spec] of specs.entries()) {
            const deletedAt =
              spec.deletedHoursAgo === null ? null : new Date(now.getTime() - spec.deletedHoursAgo * HOUR);
            const id = `file-${String(i).padStart(2, '0')}`;
            await db.put('files', record(id, spec.task, deletedAt));
            if (held.includes(spec.task) && (spec.deletedHoursAgo ?? 0) < 24) expected.push(id);
          }
          const removed = await sweepLocalFiles(new Set(held), now);
          expect(removed).toBe(specs.length - expected.length);
          expect((await db.getAllKeys('files')).sort()).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});

type Operation = { kind: 'add' | 'delete' | 'restore'; slot: number } | { kind: 'wait'; hours: number };

const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('add' as const, 'delete' as const, 'restore' as const),
    slot: fc.nat(4),
  }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 30 }) }),
);

/** One operation on the browser's files and on the model (slot → deleted at, null: live). */
async function apply(operation: Operation, ids: string[], model: Map<number, number | null>, now: number) {
  if (operation.kind === 'wait') return now + operation.hours * HOUR;
  const { slot } = operation;
  const id = ids[slot]!;
  const state = model.get(slot);
  if (operation.kind === 'add') {
    await addFile('task', new Blob([`file ${slot}`]), id, new Date(now));
    if (state === undefined) model.set(slot, null);
  } else if (operation.kind === 'delete') {
    await deleteLocalFile(id, new Date(now));
    if (state === null) model.set(slot, now);
  } else {
    const restoring = restoreLocalFile(id, new Date(now));
    if (state === undefined) await expect(restoring).rejects.toMatchObject({ status: 404 });
    else if (state !== null && now - state >= DAY)
      await expect(restoring).rejects.toMatchObject({ status: 409 });
    else {
      await expect(restoring).resolves.toMatchObject({ id });
      model.set(slot, null);
    }
  }
  return now;
}

describe('any sequence of adds, deletes and Undos', () => {
  it('leaves the card’s count and the list at the number of files not deleted (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operationArb, { maxLength: 25 }), async (operations) => {
        await clearStores();
        run += 1;
        const ids = [0, 1, 2, 3, 4].map(
          (slot) => `10000000-0000-4000-8000-${String(run * 10 + slot).padStart(12, '0')}`,
        );
        const model = new Map<number, number | null>();
        let now = T0.getTime();
        for (const operation of operations) {
          now = await apply(operation, ids, model, now);
          const live = [...model.values()].filter((deletedAt) => deletedAt === null).length;
          expect((await localFileCounts()).task?.count ?? 0).toBe(live);
          expect((await listLocalFiles('task')).attachments).toHaveLength(live);
        }
      }),
      { numRuns: 40 },
    );
  });
});
