import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FilesUsage } from '@/features/attachments/model/protocol';
import { getDatabase } from '@/server/db';
import { getFileStore } from '@/server/storage';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/admin/files';

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

/** A stored file of `size` bytes on `task`, row and bytes; `deleted` waits for its Undo. */
async function storeFile(task: string, size: number, deleted = false): Promise<void> {
  const bytes = Buffer.alloc(size, 9);
  const id = randomUUID();
  const key = `attachments/${id.slice(0, 2)}/${id}-0000`;
  await getFileStore().put(key, Readable.from([bytes]), { maxBytes: size });
  const { db, tables } = await getDatabase();
  const now = new Date();
  await db.insert(tables.taskAttachments).values({
    id,
    taskUid: task,
    name: `${id}.bin`,
    mediaType: 'application/octet-stream',
    size,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    storageKey: key,
    addedBy: null,
    addedAt: now,
    deletedAt: deleted ? now : null,
    changedAt: now,
    thumbnailKey: null,
    width: null,
    height: null,
    isCover: false,
  });
}

describe('GET /api/admin/files', () => {
  it('tells an admin what the files take (those waiting for Undo too) and the limits', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', MAX_FILES_TOTAL: '1MB', MAX_UPLOAD_SIZE: '5MB' });
    try {
      const ada = await createAdminWithToken();
      const olive = await createUserWithToken();
      expect((await push(olive.token, 'pc', [upsertOp('o1', 't1', { title: 'Plan' })])).status).toBe(200);
      const empty = await call<FilesUsage>(GET, PATH, { token: ada.token });
      expect(empty.body).toEqual({
        files: 0,
        bytes: 0,
        totalLimit: 1024 * 1024,
        maxUploadSize: 5 * 1024 * 1024,
        perTask: 100,
        storage: 'local',
      });
      await storeFile('t1', 1000);
      await storeFile('t1', 500, true);
      const used = await call<FilesUsage>(GET, PATH, { token: ada.token });
      expect(used.body).toMatchObject({ files: 2, bytes: 1500 });
      const refused = await call(GET, PATH, { token: olive.token });
      expect(refused.status).toBe(403);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });

  it('says no limit when MAX_FILES_TOTAL is unset; 404 with team sync off; 405 otherwise', async () => {
    const ada = await createAdminWithToken();
    expect((await call<FilesUsage>(GET, PATH, { token: ada.token })).body.totalLimit).toBeNull();
    await expectMethodNotAllowed({ POST, PUT, PATCH, DELETE }, PATH, 'GET', { token: ada.token });
    await expectSyncDisabled(async () => [await call(GET, PATH, { token: ada.token })]);
  });
});
