import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  createJobQueue,
  MAX_PIXELS,
  mayHaveThumbnail,
  readImageHeader,
  renderThumbnail,
  thumbnailKeyFor,
  thumbnailUrl,
} from './thumbnails';

/** A promise and the function that settles it. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG of a few bytes whose header claims `width`×`height`. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the thumbnail queue', () => {
  it('runs at most the limit at once, in order, and says when it is idle', async () => {
    const queue = createJobQueue(2, () => undefined);
    const jobs = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    let most = 0;
    jobs.forEach((job, index) =>
      queue.add(async () => {
        started.push(index);
        most = Math.max(most, queue.running);
        await job.promise;
      }),
    );
    let idle = false;
    void queue.idle().then(() => (idle = true));
    await tick();
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    jobs[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    jobs[0]!.resolve();
    jobs[2]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(idle).toBe(false);
    jobs[3]!.resolve();
    await tick();
    expect(idle).toBe(true);
    expect(most).toBe(2);
    await expect(queue.idle()).resolves.toBeUndefined();
  });

  it('hands a failure to its handler and goes on; refuses jobs beyond the waiting limit', async () => {
    const errors: unknown[] = [];
    const queue = createJobQueue(1, (error) => errors.push(error));
    const done: string[] = [];
    expect(queue.add(() => Promise.reject(new Error('broken')))).toBe(true);
    expect(queue.add(async () => void done.push('second'), 1)).toBe(true);
    expect(queue.add(async () => void done.push('third'), 1)).toBe(false);
    await queue.idle();
    expect(errors).toEqual([new Error('broken')]);
    expect(done).toEqual(['second']);
  });
});

describe('thumbnails', () => {
  it('are made of JPEG, PNG, WebP, GIF and AVIF, never of SVG or anything else', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'])
      expect(mayHaveThumbnail(type), type).toBe(true);
    for (const type of ['image/svg+xml', 'application/pdf', 'application/octet-stream', 'video/mp4'])
      expect(mayHaveThumbnail(type), type).toBe(false);
    expect(thumbnailKeyFor('attachments/ab/abc-1234')).toBe('attachments/ab/abc-1234.thumb.webp');
    expect(thumbnailUrl('abc')).toBe('/api/files/abc/thumbnail');
  });

  it('read an image’s size from its header alone, as shown after its EXIF orientation', async () => {
    expect(await readImageHeader(pngClaiming(100_000, 100_000))).toEqual({
      width: 100_000,
      height: 100_000,
      pixels: 10_000_000_000,
    });
    const turned = await sharp({ create: { width: 300, height: 200, channels: 3, background: 'red' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    // Only its first bytes, up to where its pixels start (the start-of-scan marker).
    const head = turned.subarray(0, turned.indexOf(Buffer.from([0xff, 0xda])) + 16);
    expect(head.length).toBeLessThan(turned.length);
    expect(await readImageHeader(head)).toEqual({ width: 200, height: 300, pixels: 60_000 });
    expect(await readImageHeader(Buffer.from('not an image'))).toBeNull();
  });

  it('refuse to decode more than MAX_PIXELS', async () => {
    await expect(renderThumbnail(pngClaiming(100_000, 100_000))).rejects.toThrow(/pixel limit/);
    expect(MAX_PIXELS).toBe(50_000_000);
  });

  it('are upright WebP within 480×480, without EXIF (GPS included)', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: 'blue' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const metadata = await sharp(await renderThumbnail(photo)).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 320, height: 480 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });
});
