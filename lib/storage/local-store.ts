// First: in the browser, zod must not probe eval before schemas are built.
import '../validation/zod-config';
import { z } from 'zod';

/**
 * Typed, validated access to one `localStorage` key, shaped for React's `useSyncExternalStore`:
 *
 *   const tasks = useSyncExternalStore(tasksStore.subscribe, tasksStore.getSnapshot, tasksStore.getServerSnapshot);
 *
 * Reading rules (users' browsers hold data written by older versions of the app, so reads are lenient
 * and never destroy anything):
 * - missing key, no `window` (server) or storage unavailable → `fallback`;
 * - array schemas (`z.array(item)` exactly, not wrapped in `.default()`/`.optional()`): invalid items are
 *   dropped and the valid ones kept; the original text is copied aside first because the next write
 *   would otherwise erase the dropped items for good;
 * - text that is not JSON, or a value that fails validation as a whole → the raw text is copied to
 *   `<key>.corrupt.<timestamp ms>` and `fallback` is returned. The bad text stays under `key` until the
 *   next write; an identical copy is not made twice, so re-reading it does not pile up copies;
 * - string schemas (`z.string()`): the old app stored some strings raw (e.g. `notes`), so text that does
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

export type CreateLocalStoreOptions<T> = {
  key: string;
  /** Any zod 4 schema, classic (`zod`) or mini (`zod/mini`). */
  schema: z.core.$ZodType<T>;
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

/**
 * A stored value that could not be read as it was: `copyKey` holds the original text (`null` when the
 * copy failed, usually a full quota), `kept` says whether some of it (the valid items) is still in use.
 */
export type StorageProblem = { key: string; copyKey: string | null; kept: 'some' | 'none' };

let storageProblems: readonly StorageProblem[] = [];
const problemListeners = new Set<() => void>();

function reportStorageProblem(problem: StorageProblem): void {
  const same = storageProblems.find((known) => known.key === problem.key);
  if (same && same.copyKey === problem.copyKey && same.kept === problem.kept) return;
  storageProblems = [...storageProblems.filter((known) => known.key !== problem.key), problem];
  // Reads happen while React renders; telling subscribers (who set state) must wait until it is done.
  queueMicrotask(() => {
    for (const listener of Array.from(problemListeners)) listener();
  });
}

/** Unreadable stored values met so far in this page, for a notice (useSyncExternalStore-shaped). */
export const storageProblemsStore = {
  getSnapshot: (): readonly StorageProblem[] => storageProblems,
  getServerSnapshot: (): readonly StorageProblem[] => [],
  subscribe(listener: () => void): () => void {
    const entry = () => listener();
    problemListeners.add(entry);
    return () => problemListeners.delete(entry);
  },
  /** The user has seen the notice. */
  dismiss(key: string): void {
    storageProblems = storageProblems.filter((problem) => problem.key !== key);
    for (const listener of Array.from(problemListeners)) listener();
  },
};

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

// The core classes match classic and mini schemas alike (`z.ZodArray` would miss `zod/mini`'s arrays).
function isStringSchema(schema: z.core.$ZodType): boolean {
  return schema instanceof z.core.$ZodString;
}

/** The item schema of a plain `z.array(item)`, else `null`. */
function getArrayElementSchema(schema: z.core.$ZodType): z.core.$ZodType | null {
  return schema instanceof z.core.$ZodArray ? schema._zod.def.element : null;
}

function decodeRaw<T>(key: string, raw: string, schema: z.core.$ZodType<T>, fallback: T): T {
  const parsed = parseJson(raw);

  if (isStringSchema(schema)) {
    const candidate = parsed.ok && typeof parsed.value === 'string' ? parsed.value : raw;
    const result = z.safeParse(schema, candidate);
    if (result.success) return result.data;
    keepAside(key, raw, 'none');
    return fallback;
  }

  if (!parsed.ok) {
    keepAside(key, raw, 'none');
    return fallback;
  }

  const result = z.safeParse(schema, parsed.value);
  if (result.success) return result.data;

  const elementSchema = getArrayElementSchema(schema);
  if (elementSchema && Array.isArray(parsed.value)) {
    const validItems = parsed.value.filter((item: unknown) => z.safeParse(elementSchema, item).success);
    // Re-parsing the survivors with the full schema keeps array-level checks (min/max) and typing.
    const filtered = z.safeParse(schema, validItems);
    if (filtered.success) {
      keepAside(key, raw, validItems.length > 0 ? 'some' : 'none');
      return filtered.data;
    }
  }

  keepAside(key, raw, 'none');
  return fallback;
}

export function createLocalStore<T>({ key, schema, fallback }: CreateLocalStoreOptions<T>): LocalStore<T> {
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

  function getSnapshot(): T {
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

  function write(value: T): void {
    const raw = JSON.stringify(value);
    writeRawItem(key, raw);
    // What was just written is known to be valid: the next snapshot need not decode it again (large
    // task lists take milliseconds to validate, and a drag saves on every drop).
    cache = { raw, value };
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
  };
}
