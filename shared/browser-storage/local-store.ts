import { nullable, type Parser } from '@/shared/validation/parsers';
import { reportStorageProblem, type StorageProblem } from './storage-problems';

/**
 * Typed, validated access to one `localStorage` key, shaped for React's `useSyncExternalStore`:
 *
 *   const tasks = useSyncExternalStore(tasksStore.subscribe, tasksStore.getSnapshot, tasksStore.getServerSnapshot);
 *
 * Reading rules (users' browsers hold data written by older versions of the app, so reads are lenient
 * and never destroy anything):
 * - missing key, no `window` (server) or storage unavailable → `fallback`;
 * - array parsers (`arrayOf(item)`): invalid items are dropped and the valid ones kept; the original
 *   text is copied aside first because the next write would otherwise erase the dropped items for good;
 * - text that is not JSON, or a value that fails validation as a whole → the raw text is copied to
 *   `<key>.corrupt.<timestamp ms>` and `fallback` is returned. The bad text stays under `key` until the
 *   next write; an identical copy is not made twice, so re-reading it does not pile up copies;
 * - string parsers (`stringParser`): the old app stored some strings raw (e.g. `notes`), so text that does
 *   not parse as a JSON string is taken as the string itself. Writes always JSON-encode, so a legacy raw
 *   value that happens to look like a JSON string literal (`"hi"` with the quotes) reads back unquoted.
 *
 * Values returned by `read`/`getSnapshot` are shared between callers: treat them as immutable.
 */

export class StorageUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Browser storage is unavailable. Check that cookies and site data are allowed.', options);
    this.name = 'StorageUnavailableError';
  }
}

export class StorageQuotaError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Browser storage is full. Remove some data and try again.', options);
    this.name = 'StorageQuotaError';
  }
}

export type LocalStore<T> = {
  key: string;
  read(): T;
  write(value: T): void;
  update(fn: (prev: T) => T): void;
  remove(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
  getServerSnapshot(): T;
};

/** A store of localStorage (createLocalStore), which can also read ahead. */
export type KeyStore<T> = LocalStore<T> & {
  /**
   * Reads and checks the stored list ahead of the first render that needs it, a few milliseconds at a
   * time with the main thread given back in between. Resolves true when the next snapshot will find it
   * read.
   */
  readAhead(): Promise<boolean>;
};

/** The reading half of a store: what a screen needs to show it (`useLocalStore`), without `write`. */
export type ReadableStore<T> = Pick<
  LocalStore<T>,
  'key' | 'read' | 'subscribe' | 'getSnapshot' | 'getServerSnapshot'
>;

export type CreateLocalStoreOptions<T> = {
  key: string;
  /** Its `kind` ('string' or 'array') selects the lenient reading rules above. */
  schema: Parser<T>;
  fallback: T;
};

const CORRUPT_KEY_INFIX = '.corrupt.';

// Safari (older versions) and Firefox name the quota error differently; code 22 covers legacy WebKit.
const QUOTA_ERROR_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
const LEGACY_QUOTA_ERROR_CODES = new Set([22, 1014]);

/** `null` on the server and when the browser refuses access (the `localStorage` getter itself can throw). */
export function getLocalStorage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (
    (typeof name === 'string' && QUOTA_ERROR_NAMES.has(name)) ||
    (typeof code === 'number' && LEGACY_QUOTA_ERROR_CODES.has(code))
  );
}

function toStorageWriteError(error: unknown): Error {
  return isQuotaError(error)
    ? new StorageQuotaError({ cause: error })
    : new StorageUnavailableError({ cause: error });
}

/** Reads a key without decoding it. Returns `null` when missing or when storage cannot be read. */
export function readRawItem(key: string): string | null {
  const storage = getLocalStorage();
  if (!storage) return null;
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores text as-is. Throws `StorageQuotaError` or `StorageUnavailableError`. */
export function writeRawItem(key: string, raw: string): void {
  const storage = getLocalStorage();
  if (!storage) throw new StorageUnavailableError();
  try {
    storage.setItem(key, raw);
  } catch (error) {
    throw toStorageWriteError(error);
  }
}

/** Throws `StorageUnavailableError` when storage cannot be written. */
export function removeRawItem(key: string): void {
  const storage = getLocalStorage();
  if (!storage) throw new StorageUnavailableError();
  try {
    storage.removeItem(key);
  } catch (error) {
    throw toStorageWriteError(error);
  }
}

/** Returns the key now holding a copy of `raw` (an existing identical copy is reused), or `null`. */
function copyRawAside(key: string, raw: string): string | null {
  const storage = getLocalStorage();
  if (!storage) return null;
  const prefix = `${key}${CORRUPT_KEY_INFIX}`;
  try {
    for (let index = 0; index < storage.length; index++) {
      const existingKey = storage.key(index);
      if (existingKey?.startsWith(prefix) && storage.getItem(existingKey) === raw) return existingKey;
    }
    let timestampMs = Date.now();
    while (storage.getItem(`${prefix}${timestampMs}`) !== null) timestampMs++;
    storage.setItem(`${prefix}${timestampMs}`, raw);
    return `${prefix}${timestampMs}`;
  } catch (error) {
    // Usually a full quota. The original text is still under `key` (reads never delete), so nothing is
    // lost yet; the warning and the notice are the only trace if the next write overwrites it.
    console.warn(`Could not copy unreadable localStorage value of "${key}" aside`, error);
    return null;
  }
}

function keepAside(key: string, raw: string, kept: StorageProblem['kept']): void {
  reportStorageProblem({ key, copyKey: copyRawAside(key, raw), kept });
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false };
  }
}

function decodeRaw<T>(key: string, raw: string, schema: Parser<T>, fallback: T): T {
  const parsed = parseJson(raw);

  if (schema.kind === 'string') {
    const candidate = parsed.ok && typeof parsed.value === 'string' ? parsed.value : raw;
    const result = schema.safeParse(candidate);
    if (result.success) return result.data;
    keepAside(key, raw, 'none');
    return fallback;
  }

  if (!parsed.ok) {
    keepAside(key, raw, 'none');
    return fallback;
  }

  const result = schema.safeParse(parsed.value);
  if (result.success) return result.data;

  const elementSchema = schema.kind === 'array' ? schema.element : undefined;
  if (elementSchema && Array.isArray(parsed.value)) {
    const validItems = parsed.value.filter((item: unknown) => elementSchema.safeParse(item).success);
    // Re-parsing the survivors gives them in their parsed form (a parser may normalise an item).
    const filtered = schema.safeParse(validItems);
    if (filtered.success) {
      keepAside(key, raw, validItems.length > 0 ? 'some' : 'none');
      return filtered.data;
    }
  }

  keepAside(key, raw, 'none');
  return fallback;
}

/** How long one slice of `readAhead` runs before it gives the main thread back. */
const READ_AHEAD_SLICE_MS = 5;

/** A promise settled in a later task: the browser may paint and handle input first. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * An array's items checked a slice at a time (READ_AHEAD_SLICE_MS), so a page that shows a long list
 * (5,000 stored tasks: 15–30 ms to copy, parse and check on a phone) does not hold its main thread in
 * one piece while it starts. What it finds is what `getSnapshot` would (each item through the array's
 * element parser, as `arrayOf` does). It gives up (null), leaving the read to `getSnapshot`, when
 * `readElsewhere()` says the store read or wrote the key meanwhile, when the stored text changed, or
 * at the first item that does not pass (the synchronous read keeps the stored text aside and reports it).
 */
async function readListAhead(
  key: string,
  element: Parser<unknown>,
  readElsewhere: () => boolean,
): Promise<{ raw: string; value: unknown[] } | null> {
  await nextTask();
  const raw = readStoredText(key);
  if (readElsewhere() || raw === null) return null;
  await nextTask();
  const parsed = parseJson(raw);
  if (readElsewhere() || !parsed.ok || !Array.isArray(parsed.value)) return null;
  const items: unknown[] = parsed.value;
  const value: unknown[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    const result = element.safeParse(item);
    if (!result.success) return null;
    value.push(result.data);
    if (performance.now() - sliceStart < READ_AHEAD_SLICE_MS) continue;
    await nextTask();
    if (readElsewhere()) return null;
    sliceStart = performance.now();
  }
  await nextTask();
  // Another tab may have written the key meanwhile (no event reaches a store nobody subscribes to).
  if (readElsewhere() || readStoredText(key) !== raw) return null;
  return { raw, value };
}

/** `run`, one at a time: a call while one is under way (two screens' modules on a page) gets its answer. */
function oneAtATime(run: () => Promise<boolean>): () => Promise<boolean> {
  let pending: Promise<boolean> | null = null;
  return () =>
    (pending ??= run().finally(() => {
      pending = null;
    }));
}

function readStoredText(key: string): string | null {
  try {
    return getLocalStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function createLocalStore<T>({ key, schema, fallback }: CreateLocalStoreOptions<T>): KeyStore<T> {
  const listeners = new Set<() => void>();
  // Keyed on the raw text so useSyncExternalStore gets the same reference until storage really changes.
  let cache: { raw: string | null; value: T } | undefined;

  function notifyListeners(): void {
    // Copy first: a listener may unsubscribe while we iterate.
    for (const listener of Array.from(listeners)) listener();
  }

  function handleStorageEvent(event: StorageEvent): void {
    // `key === null` means another tab called localStorage.clear().
    if (event.key !== key && event.key !== null) return;
    // Ignore sessionStorage events; synthetic events may carry no storageArea at all.
    if (event.storageArea && event.storageArea !== getLocalStorage()) return;
    notifyListeners();
  }

  /**
   * Set by this store's own write until the next microtask: reading a large key back (a 1 MB task
   * list) copies it out of the browser's storage each time, and the write's listeners (every subscribed
   * component) ask for a snapshot at once. What was just written is what storage holds; a write made
   * elsewhere (another tab's, which arrives as an event) is read at its own turn, as before.
   */
  let fresh = false;

  function markFresh(): void {
    if (fresh) return;
    fresh = true;
    queueMicrotask(() => {
      fresh = false;
    });
  }

  function getSnapshot(): T {
    if (fresh && cache) return cache.value;
    const storage = getLocalStorage();
    if (!storage) return fallback;
    let raw: string | null;
    try {
      raw = storage.getItem(key);
    } catch {
      return fallback;
    }
    if (cache && cache.raw === raw) return cache.value;
    const value = raw === null ? fallback : decodeRaw(key, raw, schema, fallback);
    cache = { raw, value };
    return value;
  }

  /** The list read ahead (readListAhead), kept when nothing else read or wrote the key first. */
  const readAhead = oneAtATime(async () => {
    const element = schema.kind === 'array' && !cache ? schema.element : undefined;
    const read = element && (await readListAhead(key, element, () => cache !== undefined));
    if (!read || cache) return false;
    cache = { raw: read.raw, value: read.value as T };
    return true;
  });

  function write(value: T): void {
    const raw = JSON.stringify(value);
    writeRawItem(key, raw);
    // What was just written is known to be valid: the next snapshot need not decode it again (large
    // task lists take milliseconds to validate, and a drag saves on every drop).
    cache = { raw, value };
    markFresh();
    notifyListeners();
  }

  return {
    key,
    read: getSnapshot,
    write,
    update(fn) {
      write(fn(getSnapshot()));
    },
    remove() {
      removeRawItem(key);
      fresh = false;
      notifyListeners();
    },
    subscribe(listener) {
      // A fresh function per call so subscribing the same listener twice needs two unsubscribes.
      const entry = () => listener();
      listeners.add(entry);
      if (listeners.size === 1 && typeof window !== 'undefined') {
        window.addEventListener('storage', handleStorageEvent);
      }
      return () => {
        if (!listeners.delete(entry)) return;
        if (listeners.size === 0 && typeof window !== 'undefined') {
          window.removeEventListener('storage', handleStorageEvent);
        }
      };
    },
    getSnapshot,
    getServerSnapshot() {
      return fallback;
    },
    readAhead,
  };
}

/** The store without its writing methods, for a module that keeps writes behind commands of its own. */
export function toReadableStore<T>(store: LocalStore<T>): ReadableStore<T> {
  const { key, read, subscribe, getSnapshot, getServerSnapshot } = store;
  return { key, read, subscribe, getSnapshot, getServerSnapshot };
}

/** A store of one optional object (a profile, the session's user): `null` when nothing is stored. */
export function createNullableStore<T>(key: string, schema: Parser<T>): LocalStore<T | null> {
  return createLocalStore<T | null>({ key, schema: nullable(schema), fallback: null });
}
