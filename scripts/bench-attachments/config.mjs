/** bench:attachments' settings: the command line's options, the sizes and the targets (issue 37). */
import { argValue } from '../bench-support.mjs';

export const runs = Number(argValue('--runs') ?? 5);
export const drivers = /** @type {Array<'local' | 's3'>} */ (
  (argValue('--drivers') ?? 'local,s3').split(',')
);
export const MB = 1024 * 1024;
export const FILE_SIZE = 25 * MB;
export const CONCURRENT = 4;
/** How often the server's RSS is read while it works (ms). */
export const SAMPLE_MS = 50;
/** The bucket s3rver is started with. */
export const BUCKET = 'tasklane-bench';
export const TARGETS = { uploadMs: 2000, downloadMs: 2000, uploadGrowthMb: 20, concurrentMs: 8000 };
