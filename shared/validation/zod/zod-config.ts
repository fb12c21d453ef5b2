import { z } from 'zod';

/**
 * Import before any module that builds zod schemas, in code that runs in the browser. zod 4 probes
 * `new Function('')` when it builds its first object schema, to decide whether to JIT-compile
 * parsers; our CSP (no 'unsafe-eval') blocks that and the browser reports a CSP violation.
 * `jitless` skips the probe; validation results are the same. The server keeps the JIT.
 */
if (typeof window !== 'undefined') z.config({ jitless: true });
