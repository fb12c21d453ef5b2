import 'server-only';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip, type Gzip, type ZlibOptions } from 'node:zlib';

/**
 * How the files' part of a backup is compressed: Huffman coding only. The base64 of bytes that are
 * compressed already (images, PDFs, archives: most files) shrinks as much as with the default
 * level (to 3/4: back to about their own size) in a quarter of the time; text files shrink less
 * than they could.
 */
export const FILES_COMPRESSION: ZlibOptions = { strategy: constants.Z_HUFFMAN_ONLY };

/**
 * A backup's bytes as gzip members one after the other (`gunzip` and `zcat` read them as one
 * stream), each with its own settings, into `output`. Writes wait for room; a failed destination
 * (disk full, closed pipe) rejects the write waiting and `end()`.
 */
export class CompressedOutput {
  private readonly sink = new PassThrough();
  private readonly finished: Promise<void>;
  private member: Gzip;

  constructor(output: Writable) {
    this.finished = pipeline(this.sink, output);
    this.finished.catch(() => undefined);
    this.member = this.open({});
  }

  async write(text: string): Promise<void> {
    if (!this.member.write(text)) await Promise.race([once(this.member, 'drain'), this.finished]);
  }

  /** Ends the current member; what follows is compressed with `options`. */
  async nextMember(options: ZlibOptions): Promise<void> {
    await this.endMember();
    this.member = this.open(options);
  }

  /** Ends the last member and the output; resolves once everything is written. */
  async end(): Promise<void> {
    await this.endMember();
    this.sink.end();
    await this.finished;
  }

  destroy(error: Error): void {
    this.member.destroy(error);
    this.sink.destroy(error);
  }

  private open(options: ZlibOptions): Gzip {
    const member = createGzip(options);
    member.pipe(this.sink, { end: false });
    member.on('error', (error) => this.sink.destroy(error));
    return member;
  }

  private async endMember(): Promise<void> {
    const ended = once(this.member, 'end');
    this.member.end();
    await Promise.race([ended, this.finished]);
  }
}
