import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanFileName,
  contentDisposition,
  fileNameProblem,
  isAttachmentId,
  matchesEntityTag,
  mayChangeAttachment,
  parseRange,
  previewOf,
  storageKeyFor,
} from './rules';
import { isStorageKey } from '@/server/storage/file-store';

describe('cleanFileName', () => {
  it('keeps the last path part, drops control characters and disguising overrides, collapses spaces', () => {
    expect(cleanFileName('C:\\fakepath\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('  big   plan\t.txt ')).toBe('big plan.txt');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('a\u0000b\u0007c.txt')).toBe('abc.txt');
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName('dir/')).toBe('file');
  });

  it('shortens a long name to 255 characters, keeping its extension', () => {
    const name = cleanFileName(`${'a'.repeat(400)}.jpeg`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('a.jpeg')).toBe(true);
  });

  it('always gives a name of 1–255 characters without a slash or a control character', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (raw) => {
        const name = cleanFileName(raw);
        expect(name.length).toBeGreaterThan(0);
        expect(name.length).toBeLessThanOrEqual(255);
        expect(name).not.toMatch(/[\\/\u0000-\u001f\u007f]/);
        expect(fileNameProblem(name)).toBeNull();
      }),
    );
  });
});

describe('fileNameProblem', () => {
  it('says what is wrong with a typed name', () => {
    expect(fileNameProblem(' ')).toBe('A file needs a name.');
    expect(fileNameProblem('a/b')).toBe('A file name cannot contain / or \\.');
    expect(fileNameProblem('x'.repeat(256))).toBe('A file name can be at most 255 characters.');
    expect(fileNameProblem('plan.pdf')).toBeNull();
  });
});

describe('previewOf', () => {
  it('shows images (not SVG), PDFs, audio and video; downloads everything else', () => {
    expect(previewOf('image/png')).toBe('image');
    expect(previewOf('image/svg+xml')).toBeNull();
    expect(previewOf('application/pdf')).toBe('pdf');
    expect(previewOf('audio/mpeg')).toBe('audio');
    expect(previewOf('video/mp4')).toBe('video');
    expect(previewOf('text/html')).toBeNull();
    expect(previewOf('application/xml')).toBeNull();
    expect(previewOf('application/octet-stream')).toBeNull();
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact name, quoted safely', () => {
    expect(contentDisposition('a "b".txt', false)).toBe(
      `attachment; filename="a _b_.txt"; filename*=UTF-8''a%20%22b%22.txt`,
    );
    expect(contentDisposition("it's (1)*.png", true)).toBe(
      `inline; filename="it's (1)*.png"; filename*=UTF-8''it%27s%20%281%29%2A.png`,
    );
  });
});

describe('parseRange', () => {
  it('reads one range, a suffix and an open end; clamps the end; refuses past the end', () => {
    expect(parseRange(null, 10)).toBeNull();
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=2-5', 10)).toEqual({ start: 2, end: 5 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    // What this server does not read is answered with the whole file.
    expect(parseRange('bytes=0-1,4-5', 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
    expect(parseRange('bytes=5-2', 10)).toBeNull();
  });

  it('never gives a range outside the file', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.option(fc.nat(2000)), fc.option(fc.nat(2000)), (size, a, b) => {
        const range = parseRange(`bytes=${a ?? ''}-${b ?? ''}`, size);
        if (range === null || range === 'unsatisfiable') return;
        expect(range.start).toBeGreaterThanOrEqual(0);
        expect(range.end).toBeLessThan(size);
        expect(range.start).toBeLessThanOrEqual(range.end);
      }),
    );
  });
});

describe('ids, keys and tags', () => {
  it('takes UUIDs only, and keeps each file under a valid storage key', () => {
    const id = '0F8FAD5B-D9CB-469F-A165-70867728950E';
    expect(isAttachmentId(id)).toBe(true);
    expect(isAttachmentId('../x')).toBe(false);
    expect(storageKeyFor(id)).toBe('attachments/0f/0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(isStorageKey(`${storageKeyFor(id)}-0a1b2c3d`)).toBe(true);
  });

  it('matches an If-None-Match list, weak or strong, or *', () => {
    expect(matchesEntityTag('"abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('W/"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('*', '"abc"')).toBe(true);
    expect(matchesEntityTag('"abd"', '"abc"')).toBe(false);
    expect(matchesEntityTag(null, '"abc"')).toBe(false);
  });
});

describe('mayChangeAttachment', () => {
  it('lets whoever may edit the task change any file, and the adder their own while they may comment', () => {
    const base = { actorId: 'cal', addedBy: 'olive', mayEdit: false, mayComment: true };
    expect(mayChangeAttachment(base)).toBe(false);
    expect(mayChangeAttachment({ ...base, addedBy: 'cal' })).toBe(true);
    expect(mayChangeAttachment({ ...base, addedBy: 'cal', mayComment: false })).toBe(false);
    expect(mayChangeAttachment({ ...base, mayEdit: true })).toBe(true);
    expect(mayChangeAttachment({ ...base, addedBy: null })).toBe(false);
  });
});
