import 'server-only';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** A job for one worker: hash a password at a cost, or compare one with a stored hash. */
export type PasswordJob =
  { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };

/** What a job returns, and which worker thread ran it (tests check the work was spread). */
export type PasswordResult<T> = { value: T; threadId: number };

type Reply =
  | { id: number; ok: true; value: string | boolean; threadId: number }
  | { id: number; ok: false; message: string; threadId: number };

type Pending = {
  id: number;
  job: PasswordJob;
  resolve: (result: PasswordResult<string | boolean>) => void;
  reject: (error: Error) => void;
};

type Slot = { worker: Worker; current: Pending | undefined };

/** The worker stopped (crashed, was terminated, could not start) while running a job. */
export class PasswordWorkerError extends Error {
  override name = 'PasswordWorkerError';
}

/** More jobs are waiting than the queue holds: the caller should answer "busy", not wait minutes. */
export class PasswordPoolFullError extends Error {
  override name = 'PasswordPoolFullError';
}

/**
 * Where the worker script lives: resolved from the working directory, because the bundled server
 * has no stable __dirname. The project root under `next dev`, vitest and tsx; the standalone
 * server changes into its own folder, where next.config.mjs copies the same relative path.
 */
export function defaultWorkerFile(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), 'server/password-worker.cjs');
}

export type PasswordPoolOptions = {
  /** Worker threads at most; default: the cores Node may use, at least 1. */
  size?: number;
  /** Jobs that may wait for a free worker before new ones are refused. */
  maxQueue?: number;
  workerFile?: string;
};

/**
 * bcrypt on worker threads. A login at cost 12 is some 300 ms of CPU: on the event loop it stalls
 * every other request and leaves the other cores idle. Workers start on demand, stay for the next
 * job, and are unreferenced while idle so that they never keep a script or a test run alive. A
 * worker that dies fails only its own job and is replaced by the next job that needs one.
 */
export class PasswordPool {
  readonly size: number;
  readonly maxQueue: number;
  private readonly workerFile: string;
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: PasswordPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? availableParallelism()));
    this.maxQueue = Math.max(0, Math.floor(options.maxQueue ?? 1000));
    this.workerFile = options.workerFile ?? defaultWorkerFile();
  }

  run(job: Extract<PasswordJob, { op: 'hash' }>): Promise<PasswordResult<string>>;
  run(job: Extract<PasswordJob, { op: 'compare' }>): Promise<PasswordResult<boolean>>;
  run(job: PasswordJob): Promise<PasswordResult<string | boolean>> {
    if (this.closed) return Promise.reject(new PasswordWorkerError('The password pool is closed.'));
    if (this.queue.length >= this.maxQueue && !this.idleSlot() && this.slots.size >= this.size) {
      return Promise.reject(new PasswordPoolFullError('Too many password checks are waiting.'));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.dispatch();
    });
  }

  /** Thread ids of the live workers. */
  threadIds(): number[] {
    return [...this.slots].map((slot) => slot.worker.threadId);
  }

  /** Thread ids of the workers running a job now. */
  busyThreadIds(): number[] {
    return [...this.slots].filter((slot) => slot.current).map((slot) => slot.worker.threadId);
  }

  /** Ends one worker the way a crash would; its job fails, the pool carries on (tests use it). */
  async terminateWorker(threadId: number): Promise<void> {
    const slot = [...this.slots].find((candidate) => candidate.worker.threadId === threadId);
    await slot?.worker.terminate();
  }

  /** Stops every worker; jobs still queued or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0))
      pending.reject(new PasswordWorkerError('The password pool is closed.'));
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  private idleSlot(): Slot | undefined {
    return [...this.slots].find((slot) => !slot.current);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.idleSlot() ?? (this.slots.size < this.size ? this.spawn() : undefined);
      if (!slot) return;
      const pending = this.queue.shift()!;
      slot.current = pending;
      slot.worker.ref();
      slot.worker.postMessage({ id: pending.id, ...pending.job });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.workerFile);
    const slot: Slot = { worker, current: undefined };
    this.slots.add(slot);
    worker.on('message', (reply: Reply) => {
      const pending = slot.current;
      if (!pending || pending.id !== reply.id) return;
      slot.current = undefined;
      worker.unref();
      if (reply.ok) pending.resolve({ value: reply.value, threadId: reply.threadId });
      else pending.reject(new Error(reply.message));
      this.dispatch();
    });
    // 'exit' always follows 'error'; the listener only keeps an uncaught worker error from
    // becoming an uncaught error of the whole process.
    worker.on('error', () => undefined);
    worker.on('exit', (code) => {
      this.slots.delete(slot);
      const pending = slot.current;
      slot.current = undefined;
      pending?.reject(new PasswordWorkerError(`A password worker stopped (exit code ${code}) during a job.`));
      if (!this.closed) this.dispatch();
    });
    return slot;
  }
}
