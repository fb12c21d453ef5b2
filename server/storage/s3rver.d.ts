// The part of s3rver 3.7 (a local S3 server, dev dependency) the S3 driver's tests use; it ships no types.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Creates the configured buckets and listens; resolves to the bound address. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
