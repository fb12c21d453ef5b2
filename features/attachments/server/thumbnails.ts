import 'server-only';
import { Readable } from 'node:stream';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { getDatabase } from '@/server/db';
import { pokeTask, readTaskPlace } from '@/features/sync/server/store/task-access';
import { logger } from '@/server/logger';
import { getFileStore, type FileStore } from '@/server/storage';
import { attachmentUrl } from '../model/protocol';

/**
 * Thumbnails of images on tasks (docs/decisions/0051-file-storage.md): the cover of a card and the
 * Files section show a small WebP, never the original. Made after the upload has been answered, at
 * most `MAX_AT_ONCE` at a time in this process, from the stored original:
 *
 * - the header is read first (sharp's `metadata()` reads no pixels), from the first bytes when they
 *   hold it; an image of more than `MAX_PIXELS` is refused there, without decoding: it stays a plain
 *   file, its size recorded;
 * - then EXIF orientation is applied, the image fits in 480×480 (never enlarged), and it is written
 *   as WebP without any metadata (sharp drops EXIF, GPS and XMP unless told to keep them);
 * - stored under `<storage_key>.thumb.webp`, then recorded on the row with the image's width and
 *   height as shown (after rotation). A row gone meanwhile gets nothing, and the thumbnail is removed.
 *
 * A failure is logged and leaves the file without a thumbnail. The queue lives in this process only:
 * an upload answered just before the process stops keeps no thumbnail.
 */

/** The most pixels (width × height, one frame) an image may have to get a thumbnail: 50 megapixels. */
export const MAX_PIXELS = 50_000_000;

/** The box a thumbnail fits in, pixels. */
export const THUMBNAIL_SIZE = 480;

/** Thumbnails made at once in this process: each holds its original in memory (≤ MAX_UPLOAD_SIZE). */
export const MAX_AT_ONCE = 2;

/** Uploads waiting beyond this are left without a thumbnail rather than held in memory. */
const MAX_WAITING = 1000;

/** The first bytes read for the header: enough for PNG, JPEG (EXIF and ICC first) and AVIF. */
const HEADER_BYTES = 128 * 1024;

/**
 * The sniffed types that get one. Not SVG (never rendered on this server), not HEIC (the prebuilt
 * sharp decodes AVIF only of the HEIF family), not TIFF (browsers do not show it inline either).
 */
const THUMBNAIL_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export function mayHaveThumbnail(mediaType: string): boolean {
  return THUMBNAIL_TYPES.has(mediaType);
}

/** Where a file's thumbnail is kept in the store: beside its original. */
export function thumbnailKeyFor(storageKey: string): string {
  return `${storageKey}.thumb.webp`;
}

/** The thumbnail route of a file (app/api/files/[id]/thumbnail), checked as the file's. */
export function thumbnailUrl(id: string): string {
  return `${attachmentUrl(id)}/thumbnail`;
}

/** A stored file to make a thumbnail of. */
export interface ThumbnailSource {
  id: string;
  storageKey: string;
  mediaType: string;
  size: number;
}

/** An image's size as its header says: `width`/`height` as shown (EXIF orientation applied). */
export interface ImageHeader {
  width: number;
  height: number;
  pixels: number;
}

/** The header of `bytes` (a whole image or its first bytes), or null when sharp cannot read one. */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader | null> {
  try {
    // No pixel limit here: this reads the header only, and the limit is checked on what it says.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) return null;
    const shown = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
    return { width: shown.width, height: shown.height, pixels: metadata.width * metadata.height };
  } catch {
    return null;
  }
}

/** The thumbnail of an image: EXIF orientation applied, within 480×480, WebP, no metadata. */
export async function renderThumbnail(original: Buffer): Promise<Buffer> {
  return sharp(original, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

/** A stream's bytes, at most `limit` of them (a stored object's recorded size). */
async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    length += bytes.length;
    if (length > limit) {
      stream.destroy();
      throw new Error(`The stored object is longer than its recorded ${limit} bytes.`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * The header of the stored file: from its first bytes when they hold it, else from the whole file
 * (WebP and GIF need it; reading a header still decodes nothing). `original` is the whole file when
 * it had to be read.
 */
async function storedHeader(
  store: FileStore,
  file: ThumbnailSource,
): Promise<{ header: ImageHeader | null; original: Buffer | null }> {
  const whole = file.size <= HEADER_BYTES;
  const first = await readAll(
    await store.get(file.storageKey, { start: 0, end: Math.min(file.size, HEADER_BYTES) - 1 }),
    HEADER_BYTES,
  );
  const header = await readImageHeader(first);
  if (header || whole) return { header, original: whole ? first : null };
  const original = await readAll(await store.get(file.storageKey), file.size);
  return { header: await readImageHeader(original), original };
}

/**
 * Records what was learnt on the row `file` still names. False when the row is gone (purged, swept,
 * or its id now names other bytes): the caller removes the thumbnail it stored.
 */
async function record(
  file: ThumbnailSource,
  values: { thumbnailKey: string | null; width: number; height: number },
): Promise<boolean> {
  const handle = await getDatabase();
  const { db, tables } = handle;
  const { taskAttachments } = tables;
  // A file deleted meanwhile keeps its thumbnail for its Undo; the sweep removes both.
  const updated = await db
    .update(taskAttachments)
    .set({ ...values, changedAt: new Date() })
    .where(and(eq(taskAttachments.id, file.id), eq(taskAttachments.storageKey, file.storageKey)))
    .returning({ taskUid: taskAttachments.taskUid });
  const [row] = updated;
  if (!row) return false;
  // The open views and the cards read again: a cover chosen before its thumbnail was made shows now.
  const task = await readTaskPlace(db, tables, row.taskUid);
  if (task) await pokeTask(handle, row.taskUid, task);
  return true;
}

/** Makes, stores and records the thumbnail of `file` (see the module's comment). */
export async function makeThumbnail(file: ThumbnailSource): Promise<void> {
  const store = getFileStore();
  const { header, original } = await storedHeader(store, file);
  if (!header) {
    logger.warn(`thumbnails: the image ${file.id} has no header that can be read; it gets no thumbnail`);
    return;
  }
  const size = { width: header.width, height: header.height };
  if (header.pixels > MAX_PIXELS) {
    logger.warn(
      `thumbnails: the image ${file.id} claims ${header.width}×${header.height} pixels, more than ${MAX_PIXELS}; it gets no thumbnail`,
    );
    await record(file, { thumbnailKey: null, ...size });
    return;
  }
  let thumbnail: Buffer;
  try {
    thumbnail = await renderThumbnail(
      original ?? (await readAll(await store.get(file.storageKey), file.size)),
    );
  } catch (error) {
    logger.warn(`thumbnails: the image ${file.id} could not be read; it gets no thumbnail`, error);
    await record(file, { thumbnailKey: null, ...size });
    return;
  }
  const key = thumbnailKeyFor(file.storageKey);
  await store.put(key, Readable.from([thumbnail]), {
    maxBytes: thumbnail.length,
    declaredSize: thumbnail.length,
  });
  if (!(await record(file, { thumbnailKey: key, ...size }))) await store.delete(key);
}

/** A queue that runs at most `limit` jobs at once, in the order they came; a job's failure goes to `onError`. */
export function createJobQueue(limit: number, onError: (error: unknown) => void) {
  const waiting: Array<() => Promise<void>> = [];
  let running = 0;
  let idleWaiters: Array<() => void> = [];
  function next(): void {
    while (running < limit && waiting.length > 0) {
      const job = waiting.shift()!;
      running += 1;
      void Promise.resolve()
        .then(job)
        .catch((error: unknown) => {
          try {
            onError(error);
          } catch {
            // A failing error handler must not stop the queue.
          }
        })
        .finally(() => {
          running -= 1;
          next();
        });
    }
    if (running === 0 && waiting.length === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }
  return {
    /** Adds `job`; false (and nothing added) when `maxWaiting` jobs already wait. */
    add(job: () => Promise<void>, maxWaiting = Infinity): boolean {
      if (waiting.length >= maxWaiting) return false;
      waiting.push(job);
      next();
      return true;
    },
    /** Resolves once no job runs or waits. */
    idle(): Promise<void> {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    get running(): number {
      return running;
    },
    get waiting(): number {
      return waiting.length;
    },
  };
}

type JobQueue = ReturnType<typeof createJobQueue>;

// One queue per process, even when the bundler gives a route its own copy of this module.
const QUEUE = Symbol.for('tasklane.attachments.thumbnails');

function thumbnailQueue(): JobQueue {
  const holder = globalThis as typeof globalThis & { [QUEUE]?: JobQueue };
  holder[QUEUE] ??= createJobQueue(MAX_AT_ONCE, (error) =>
    logger.error('thumbnails: a thumbnail could not be made', error),
  );
  return holder[QUEUE];
}

/**
 * Queues the thumbnail of a file just recorded, when it is an image that gets one. Returns at once:
 * the upload's answer never waits for it.
 */
export function queueThumbnail(file: ThumbnailSource): void {
  if (!mayHaveThumbnail(file.mediaType) || file.size === 0) return;
  if (!thumbnailQueue().add(() => makeThumbnail(file), MAX_WAITING))
    logger.warn(`thumbnails: too many images are waiting; ${file.id} gets no thumbnail`);
}

/** Resolves once every queued thumbnail is made or given up (tests, and a clean shutdown). */
export function waitForThumbnails(): Promise<void> {
  return thumbnailQueue().idle();
}

/**
 * At start-up: queues the images that never got their thumbnail (the process stopped before their
 * turn, or they were restored from a backup without one), at most `limit` per start. An image
 * already looked at (its size recorded) is not tried again. Returns how many were queued.
 */
export async function backfillThumbnails(limit = 500): Promise<number> {
  const { db, tables } = await getDatabase();
  const { taskAttachments } = tables;
  const rows = await db
    .select({
      id: taskAttachments.id,
      storageKey: taskAttachments.storageKey,
      mediaType: taskAttachments.mediaType,
      size: taskAttachments.size,
    })
    .from(taskAttachments)
    .where(
      and(
        inArray(taskAttachments.mediaType, [...THUMBNAIL_TYPES]),
        isNull(taskAttachments.thumbnailKey),
        isNull(taskAttachments.width),
        isNull(taskAttachments.deletedAt),
      ),
    )
    .limit(limit);
  for (const row of rows) queueThumbnail(row);
  return rows.length;
}
