/**
 * Files picked with team sync while offline (docs/product.md#files-on-tasks): kept in this browser's
 * IndexedDB (./files-db.ts `waiting`) up to a cap per device, and sent, oldest first, when the
 * connection returns: at the next `online` event, every few seconds while any waits, and when a page
 * starts. Each is sent under the id it was given when picked, so a file sent twice (two tabs, a
 * retry after a lost answer) is stored once. A refusal (too large now, no right any more) stays with
 * the server's message until dismissed; a network failure or a server error leaves it waiting.
 */
import { ApiError } from '@/shared/http/http';
import { formatBytes } from '@/shared/format/bytes';
import { announceComments } from '@/shared/realtime/live-comments';
import { readTokenUserId } from '@/shared/auth/token-claims';
import { getStoredToken } from '@/shared/session/session';
import { uploadFile } from './attachments-api';
import { filesDb, isQuotaError, type WaitingUpload } from './files-db';

/** What the files waiting on one device may take together. */
export const WAITING_CAP_BYTES = 200 * 1024 * 1024;

/** How often a page looks for files to send while any waits (and the browser says it is online). */
const RETRY_MS = 15_000;

export const WAITING_MESSAGES = {
  full: (cap: number) =>
    `This device holds ${formatBytes(cap)} of files waiting to be sent, the most it keeps. Send those first (go online), or discard some.`,
  noRoom: 'This browser has no room to keep the file until you are online.',
  unavailable: 'This browser cannot keep the file until you are online (its storage is off).',
} as const;

const byQueued = (a: WaitingUpload, b: WaitingUpload) =>
  a.queuedAt.localeCompare(b.queuedAt) || a.id.localeCompare(b.id);

/** Keeps a file to send when the connection returns; rejects with the message to show when it cannot. */
export async function keepWaiting(
  input: Omit<WaitingUpload, 'queuedAt' | 'size' | 'refused'>,
  now: Date = new Date(),
): Promise<WaitingUpload> {
  try {
    const db = await filesDb();
    const held = await db.getAll('waiting');
    // A file kept again (the same id) takes its room once.
    const taken = held.reduce((sum, item) => (item.id === input.id ? sum : sum + item.size), 0);
    if (taken + input.bytes.size > WAITING_CAP_BYTES)
      throw new ApiError('http', WAITING_MESSAGES.full(WAITING_CAP_BYTES), { status: 507 });
    const waiting: WaitingUpload = { ...input, size: input.bytes.size, queuedAt: now.toISOString() };
    await db.put('waiting', waiting);
    announceComments(input.task);
    return waiting;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('http', isQuotaError(error) ? WAITING_MESSAGES.noRoom : WAITING_MESSAGES.unavailable);
  }
}

/** The account's files waiting for `task`, oldest first. */
export async function waitingFor(task: string, account: string): Promise<WaitingUpload[]> {
  const db = await filesDb();
  const items = await db.getAllFromIndex('waiting', 'task', task);
  return items.filter((item) => item.account === account).sort(byQueued);
}

export async function discardWaiting(id: string): Promise<void> {
  const db = await filesDb();
  const item = await db.get('waiting', id);
  if (!item) return;
  await db.delete('waiting', id);
  announceComments(item.task);
}

/** What happened to one waiting file when it was sent. */
type SendResult = 'sent' | 'refused' | 'later';

async function sendOne(item: WaitingUpload): Promise<SendResult> {
  const db = await filesDb();
  try {
    await uploadFile({ id: item.id, task: item.task, file: item.bytes, name: item.name });
    await db.delete('waiting', item.id);
    announceComments(item.task);
    return 'sent';
  } catch (error) {
    const status = error instanceof ApiError ? error.status : undefined;
    // Offline again, the server restarting, or its storage down: try again later.
    if (status === undefined || status >= 500 || status === 429 || status === 401) return 'later';
    await db.put('waiting', { ...item, refused: (error as Error).message });
    announceComments(item.task);
    return 'refused';
  }
}

/** The run under way per account. */
const sending = new Map<string, Promise<void>>();

/**
 * Sends the account's waiting files, oldest first, one at a time; stops at the first that must wait
 * longer. One run per page at a time; another tab may send the same file meanwhile (stored once).
 */
export function sendWaiting(account: string): Promise<void> {
  const running = sending.get(account);
  if (running) return running;
  const run = (async () => {
    try {
      const db = await filesDb();
      const items = (await db.getAll('waiting')).filter((item) => item.account === account && !item.refused);
      for (const item of items.sort(byQueued)) {
        if ((await sendOne(item)) === 'later') break;
      }
    } catch {
      // IndexedDB unavailable: nothing can be waiting.
    } finally {
      sending.delete(account);
    }
  })();
  sending.set(account, run);
  return run;
}

let started = false;

/** The signed-in account, as the token says (null: none). */
export function currentAccount(): string | null {
  return readTokenUserId(getStoredToken());
}

/**
 * From the first call on, for the page's life: sends what waits now, at each `online` event, and
 * every few seconds while the browser says it is online.
 */
export function startSendingWaiting(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const flush = () => {
    const account = currentAccount();
    if (account !== null && navigator.onLine) void sendWaiting(account);
  };
  flush();
  window.addEventListener('online', flush);
  setInterval(flush, RETRY_MS);
}
