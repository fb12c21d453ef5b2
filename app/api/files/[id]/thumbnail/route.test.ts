import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttachmentList, TaskAttachment } from '@/features/attachments/model/protocol';
import { sweepDeletedAttachments } from '@/features/attachments/server/attachment-changes';
import {
  backfillThumbnails,
  makeThumbnail,
  thumbnailKeyFor,
  waitForThumbnails,
} from '@/features/attachments/server/thumbnails';
import { getDatabase } from '@/server/db';
import { logger } from '@/server/logger';
import { getFileStore } from '@/server/storage';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createUserWithToken } from '@/tests/helpers/factories';
import { assignTo, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { GET as listRoute } from '@/app/api/sync/attachments/route';
import { DELETE as deleteRoute } from '@/app/api/sync/attachments/[id]/route';
import { PUT } from '../route';
import { DELETE, GET, HEAD, PATCH, POST, PUT as thumbnailPut } from './route';

type Body = { attachment?: TaskAttachment; message?: string } & Partial<AttachmentList>;

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

afterEach(async () => {
  // No thumbnail of one test is still being made while the next one resets the database.
  await waitForThumbnails();
  vi.restoreAllMocks();
});

/** PUT /api/files/{id}: `bytes` as a streamed body, as the browser sends them. */
async function upload(token: string, task: string, name: string, bytes: Uint8Array) {
  const id = randomUUID();
  const request = new Request(`http://tasklane.test/api/files/${id}?${new URLSearchParams({ task, name })}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-length': String(bytes.length) },
    body: new Blob([new Uint8Array(bytes)]).stream(),
    duplex: 'half',
  } as RequestInit);
  const response = await PUT(request, { params: Promise.resolve({ id }) });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return { id, attachment: (JSON.parse(text) as Body).attachment! };
}

async function thumbnail(id: string, headers: Record<string, string> = {}, method = 'GET') {
  const request = new Request(`http://tasklane.test/api/files/${id}/thumbnail`, { method, headers });
  const response = await (method === 'HEAD' ? HEAD : GET)(request, { params: Promise.resolve({ id }) });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function listed(token: string, task: string, id: string): Promise<TaskAttachment | undefined> {
  const res = await call<Body>(listRoute, `/api/sync/attachments?task=${task}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.attachments!.find((item) => item.id === id);
}

async function storedRow(id: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.taskAttachments).where(eq(tables.taskAttachments.id, id));
  return row!;
}

async function storedKeys(fragment: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of getFileStore().list('attachments/')) {
    if (entry.key.includes(fragment)) keys.push(entry.key);
  }
  return keys.sort();
}

/** Olive owns `t1` (assigned to Ash); Max sees nothing of it. */
async function team() {
  const olive = await createUserWithToken({ fullName: 'Olive Owner' });
  const ash = await createUserWithToken({ fullName: 'Ash Assignee' });
  const max = await createUserWithToken({ fullName: 'Max Member' });
  const res = await push(olive.token, 'olive-pc', [
    upsertOp('o1', 't1', { title: 'Shared', ...assignTo(ash.user) }),
  ]);
  expect(res.status, res.text).toBe(200);
  return { olive, ash, max };
}

/**
 * A 24-megapixel landscape photo (6000×4000, a gradient with noise, about 9 MB as a JPEG) whose EXIF
 * says "rotate 90°" (orientation 6) and where it was taken (GPS).
 */
async function photo(): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const noise = seed >>> 26;
      const i = (y * width + x) * 3;
      raw[i] = (x * 191) / width + noise;
      raw[i + 1] = (y * 191) / height + noise;
      raw[i + 2] = ((x ^ y) & 127) + noise;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Whether a TIFF-encoded EXIF block points at a GPS IFD (tag 0x8825, little-endian, type LONG). */
function hasGpsIfd(exif: Buffer | undefined): boolean {
  return exif !== undefined && exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]));
}

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 74-byte PNG whose header claims 100000×100000 pixels (10 gigapixels, 30 GB decoded). */
function absurdPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('/api/files/{id}/thumbnail', () => {
  it('makes a thumbnail of a 24 MP photo after the upload: WebP, within 480×480, upright, no EXIF', async () => {
    const { olive, ash, max } = await team();
    const original = await photo();
    expect(hasGpsIfd((await sharp(original).metadata()).exif)).toBe(true);
    const { id, attachment } = await upload(olive.token, 't1', 'IMG_0001.jpg', original);
    // The upload was answered before its thumbnail was made.
    expect(attachment).toMatchObject({ mediaType: 'image/jpeg', thumbnailUrl: null, width: null });
    expect((await listed(olive.token, 't1', id))!.thumbnailUrl).toBeNull();
    expect((await thumbnail(id, bearer(olive.token))).status).toBe(404);
    await waitForThumbnails();
    expect(await listed(ash.token, 't1', id)).toMatchObject({
      thumbnailUrl: `/api/files/${id}/thumbnail`,
      // As shown: the EXIF orientation turns the 6000×4000 landscape upright.
      width: 4000,
      height: 6000,
    });
    const got = await thumbnail(id, bearer(ash.token));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect(got.headers.get('content-disposition')).toBe('inline');
    expect(got.headers.get('cache-control')).toBe('private, no-cache');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    const sha = createHash('sha256').update(original).digest('hex');
    expect(got.headers.get('etag')).toBe(`"${sha}-thumb"`);
    const shown = await sharp(got.bytes).metadata();
    expect(shown).toMatchObject({ format: 'webp', width: 320, height: 480 });
    expect(shown.exif).toBeUndefined();
    expect(shown.orientation).toBeUndefined();
    expect(shown.xmp).toBeUndefined();
    // Checked as the file: 304 to its ETag, the cookie of a plain link, 404 to who may not see the task.
    expect((await thumbnail(id, { ...bearer(ash.token), 'if-none-match': `"${sha}-thumb"` })).status).toBe(
      304,
    );
    const head = await thumbnail(id, bearer(ash.token), 'HEAD');
    expect([head.status, head.bytes.length]).toEqual([200, 0]);
    expect((await thumbnail(id, { cookie: `tasklane_files=${ash.token}` })).status).toBe(200);
    expect((await thumbnail(id)).status).toBe(401);
    expect((await thumbnail(id, bearer(max.token))).status).toBe(404);
    expect((await thumbnail(randomUUID(), bearer(olive.token))).status).toBe(404);
  });

  it('makes one of a small PNG (never enlarged), and none of an SVG or a PDF', async () => {
    const { olive } = await team();
    const png = await sharp({
      create: { width: 64, height: 32, channels: 4, background: { r: 51, g: 102, b: 255, alpha: 0.8 } },
    })
      .png()
      .toBuffer();
    const small = await upload(olive.token, 't1', 'icon.png', png);
    const svg = await upload(
      olive.token,
      't1',
      'logo.svg',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
    );
    const pdf = await upload(olive.token, 't1', 'doc.pdf', Buffer.from('%PDF-1.4\n%…\n'));
    await waitForThumbnails();
    expect(await listed(olive.token, 't1', small.id)).toMatchObject({ width: 64, height: 32 });
    const got = await thumbnail(small.id, bearer(olive.token));
    expect(got.status).toBe(200);
    expect(await sharp(got.bytes).metadata()).toMatchObject({ format: 'webp', width: 64, height: 32 });
    for (const file of [svg, pdf]) {
      expect(await listed(olive.token, 't1', file.id)).toMatchObject({
        thumbnailUrl: null,
        width: null,
        height: null,
      });
      const none = await thumbnail(file.id, bearer(olive.token));
      expect(none.status).toBe(404);
      expect(JSON.parse(none.bytes.toString())).toMatchObject({ message: 'This file has no thumbnail.' });
      expect(await storedKeys(file.id)).toHaveLength(1);
    }
  });

  it('refuses an image whose header claims absurd dimensions, from the header, quickly', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const { olive } = await team();
    const { id, attachment } = await upload(olive.token, 't1', 'bomb.png', absurdPng());
    expect(attachment.mediaType).toBe('image/png');
    const started = performance.now();
    await waitForThumbnails();
    expect(performance.now() - started).toBeLessThan(2000);
    // Refused on what the header says (a decode would fail differently, or take far longer).
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/claims 100000×100000 pixels/));
    expect(await listed(olive.token, 't1', id)).toMatchObject({
      thumbnailUrl: null,
      width: 100_000,
      height: 100_000,
    });
    expect((await thumbnail(id, bearer(olive.token))).status).toBe(404);
    expect(await storedKeys(id)).toEqual([(await storedRow(id)).storageKey]);
  });

  it('removes the thumbnail with its file when the sweep takes a deleted file', async () => {
    const { olive } = await team();
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: 'green' } })
      .png()
      .toBuffer();
    const { id } = await upload(olive.token, 't1', 'chart.png', png);
    await waitForThumbnails();
    const row = await storedRow(id);
    expect(row.thumbnailKey).toBe(thumbnailKeyFor(row.storageKey));
    expect(await storedKeys(id)).toEqual([row.storageKey, row.thumbnailKey].sort());
    const removed = await call(deleteRoute, `/api/sync/attachments/${id}`, {
      token: olive.token,
      method: 'DELETE',
      params: { id },
    });
    expect(removed.status).toBe(204);
    expect((await thumbnail(id, bearer(olive.token))).status).toBe(404);
    const { db, tables } = await getDatabase();
    await db
      .update(tables.taskAttachments)
      .set({ deletedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(tables.taskAttachments.id, id));
    expect(await sweepDeletedAttachments(new Date())).toBe(1);
    expect(await storedKeys(id)).toEqual([]);
  });

  it('stores no thumbnail for a file whose row is gone by the time it is made', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const id = randomUUID();
    const storageKey = `attachments/${id.slice(0, 2)}/${id}-0000abcd`;
    await getFileStore().put(storageKey, Readable.from([png]), { maxBytes: png.length });
    await makeThumbnail({ id, storageKey, mediaType: 'image/png', size: png.length });
    expect(await storedKeys(id)).toEqual([storageKey]);
    await getFileStore().delete(storageKey);
  });

  it('makes at start-up the thumbnails of images that never got one, and only those', async () => {
    const olive = await createUserWithToken();
    expect((await push(olive.token, 'pc', [upsertOp('o1', 't9', { title: 'Posters' })])).status).toBe(200);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'blue' } })
      .png()
      .toBuffer();
    const { db, tables } = await getDatabase();
    const rows = [];
    for (const [name, width] of [
      ['never.png', null],
      ['looked-at.png', 40],
    ] as const) {
      const id = randomUUID();
      const storageKey = `attachments/${id.slice(0, 2)}/${id}-0000abcd`;
      await getFileStore().put(storageKey, Readable.from([png]), { maxBytes: png.length });
      const now = new Date();
      const row = {
        id,
        taskUid: 't9',
        name,
        mediaType: 'image/png',
        size: png.length,
        sha256: createHash('sha256').update(png).digest('hex'),
        storageKey,
        addedBy: olive.user.id,
        addedAt: now,
        deletedAt: null,
        changedAt: now,
        thumbnailKey: null,
        width,
        height: width === null ? null : 30,
        isCover: false,
      };
      await db.insert(tables.taskAttachments).values(row);
      rows.push(row);
    }
    expect(await backfillThumbnails()).toBe(1);
    await waitForThumbnails();
    const [never, lookedAt] = await Promise.all(
      rows.map(async (row) => {
        const [stored] = await db
          .select({ key: tables.taskAttachments.thumbnailKey })
          .from(tables.taskAttachments)
          .where(eq(tables.taskAttachments.id, row.id));
        return stored?.key;
      }),
    );
    expect(never).toBe(thumbnailKeyFor(rows[0]!.storageKey));
    expect(lookedAt).toBeNull();
    expect(await backfillThumbnails()).toBe(0);
  });

  it('answers 405 to the methods it does not take', async () => {
    const { olive } = await team();
    await expectMethodNotAllowed(
      { POST, PUT: thumbnailPut, PATCH, DELETE },
      '/api/files/x/thumbnail',
      'GET',
      {
        token: olive.token,
      },
    );
  });
});
