// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVALID, parser, stringParser } from '@/shared/validation/parsers';
import { itemParser, itemsParser, listCorruptKeys, type Item } from '@/tests/helpers/stored-items';
import {
  createLocalStore,
  createNullableStore,
  StorageQuotaError,
  StorageUnavailableError,
  toReadableStore,
} from './local-store';

const FALLBACK_TASKS: Item[] = [];
const FIXED_NOW_MS = 1_700_000_000_000;

function createTasksStore() {
  return createLocalStore({ key: 'tasks', schema: itemsParser, fallback: FALLBACK_TASKS });
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createLocalStore reads', () => {
  it('returns the fallback when the key is missing', () => {
    const store = createTasksStore();

    expect(store.read()).toBe(FALLBACK_TASKS);
    expect(store.getSnapshot()).toBe(FALLBACK_TASKS);
  });

  it('returns a stored valid value', () => {
    localStorage.setItem('tasks', JSON.stringify([{ id: 't1', title: 'Write tests' }]));

    expect(createTasksStore().read()).toEqual([{ id: 't1', title: 'Write tests' }]);
    expect(listCorruptKeys('tasks')).toEqual([]);
  });

  it('drops invalid array items and keeps the valid ones', () => {
    const raw = JSON.stringify([
      { id: 't1', title: 'Keep me' },
      { id: 42, title: 'Bad id' },
      'not an object',
      { id: 't3', title: 'Keep me too' },
    ]);
    localStorage.setItem('tasks', raw);

    expect(createTasksStore().read()).toEqual([
      { id: 't1', title: 'Keep me' },
      { id: 't3', title: 'Keep me too' },
    ]);
    // The dropped items survive in a copy, because the next write would erase them.
    const corruptKeys = listCorruptKeys('tasks');
    expect(corruptKeys).toHaveLength(1);
    expect(localStorage.getItem(corruptKeys[0] ?? '')).toBe(raw);
  });

  it('returns the kept items in their parsed form', () => {
    localStorage.setItem('tasks', JSON.stringify([{ id: 't1', title: 'Keep me', extra: true }, { id: 2 }]));

    expect(createTasksStore().read()).toEqual([{ id: 't1', title: 'Keep me' }]);
  });

  it('keeps no items of a partly invalid list when the parser is not an array parser', () => {
    const wholeListOnly = parser<Item[]>((value) => {
      const result = itemsParser.safeParse(value);
      return result.success ? result.data : INVALID;
    });
    localStorage.setItem('tasks', JSON.stringify([{ id: 't1', title: 'Valid' }, { id: 2 }]));
    const store = createLocalStore({ key: 'tasks', schema: wholeListOnly, fallback: FALLBACK_TASKS });

    expect(store.read()).toBe(FALLBACK_TASKS);
    expect(listCorruptKeys('tasks')).toHaveLength(1);
  });

  it('copies corrupt JSON aside under <key>.corrupt.<ts> and returns the fallback', () => {
    vi.useFakeTimers({ now: FIXED_NOW_MS });
    const raw = '[{"id":"t1","title":"half-written';
    localStorage.setItem('tasks', raw);

    expect(createTasksStore().read()).toBe(FALLBACK_TASKS);
    expect(localStorage.getItem(`tasks.corrupt.${FIXED_NOW_MS}`)).toBe(raw);
    // Reading never deletes the user's data.
    expect(localStorage.getItem('tasks')).toBe(raw);
  });

  it('copies a value that fails validation as a whole aside', () => {
    vi.useFakeTimers({ now: FIXED_NOW_MS });
    const raw = JSON.stringify({ tasks: [] });
    localStorage.setItem('tasks', raw);

    expect(createTasksStore().read()).toBe(FALLBACK_TASKS);
    expect(localStorage.getItem(`tasks.corrupt.${FIXED_NOW_MS}`)).toBe(raw);
  });

  it('does not pile up copies when the same corrupt text is read again', () => {
    localStorage.setItem('tasks', '{oops');

    createTasksStore().read();
    createTasksStore().read();

    expect(listCorruptKeys('tasks')).toHaveLength(1);
  });

  it('reads raw (non-JSON) strings for string schemas, as the old app stored notes', () => {
    localStorage.setItem('notes', 'Buy milk\n{not json}');
    const store = createLocalStore({ key: 'notes', schema: stringParser, fallback: '' });

    expect(store.read()).toBe('Buy milk\n{not json}');
    expect(listCorruptKeys('notes')).toEqual([]);
  });

  it('reads raw notes that happen to parse as a non-string JSON value as text', () => {
    localStorage.setItem('notes', '42');
    const store = createLocalStore({ key: 'notes', schema: stringParser, fallback: '' });

    expect(store.read()).toBe('42');
  });

  it('stores strings JSON-encoded and reads them back unchanged', () => {
    const store = createLocalStore({ key: 'notes', schema: stringParser, fallback: '' });

    store.write('say "hi"');

    expect(localStorage.getItem('notes')).toBe('"say \\"hi\\""');
    expect(store.read()).toBe('say "hi"');
  });

  it('returns the fallback when localStorage cannot be read', () => {
    localStorage.setItem('tasks', JSON.stringify([{ id: 't1', title: 'x' }]));
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });

    expect(createTasksStore().read()).toBe(FALLBACK_TASKS);
  });

  it('returns the fallback from read and getSnapshot without a window (server)', () => {
    localStorage.setItem('tasks', JSON.stringify([{ id: 't1', title: 'x' }]));
    const store = createTasksStore();
    vi.stubGlobal('window', undefined);

    expect(store.read()).toBe(FALLBACK_TASKS);
    expect(store.getSnapshot()).toBe(FALLBACK_TASKS);
  });

  it('always returns the fallback from getServerSnapshot', () => {
    localStorage.setItem('tasks', JSON.stringify([{ id: 't1', title: 'x' }]));

    expect(createTasksStore().getServerSnapshot()).toBe(FALLBACK_TASKS);
  });
});

describe('createLocalStore snapshots', () => {
  it('returns the same reference until the stored text changes', () => {
    localStorage.setItem('tasks', JSON.stringify([{ id: 't1', title: 'x' }]));
    const store = createTasksStore();

    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);

    store.write([{ id: 't2', title: 'y' }]);
    const second = store.getSnapshot();
    expect(second).not.toBe(first);
    expect(second).toEqual([{ id: 't2', title: 'y' }]);
    expect(store.getSnapshot()).toBe(second);
  });

  it('notices changes made directly to localStorage (another tab)', () => {
    localStorage.setItem('tasks', JSON.stringify([{ id: 't1', title: 'x' }]));
    const store = createTasksStore();
    const first = store.getSnapshot();

    localStorage.setItem('tasks', JSON.stringify([{ id: 't1', title: 'renamed' }]));

    expect(store.getSnapshot()).not.toBe(first);
    expect(store.getSnapshot()).toEqual([{ id: 't1', title: 'renamed' }]);
  });
});

describe('createLocalStore writes and subscriptions', () => {
  it('serialises writes with JSON.stringify', () => {
    const store = createTasksStore();

    store.write([{ id: 't1', title: 'x' }]);

    expect(localStorage.getItem('tasks')).toBe('[{"id":"t1","title":"x"}]');
  });

  it('update passes the current value and stores the result', () => {
    const store = createTasksStore();
    store.write([{ id: 't1', title: 'x' }]);

    store.update((prev) => [...prev, { id: 't2', title: 'y' }]);

    expect(store.read()).toEqual([
      { id: 't1', title: 'x' },
      { id: 't2', title: 'y' },
    ]);
  });

  it('notifies subscribers in the same tab synchronously on write, update and remove', () => {
    const store = createTasksStore();
    const listener = vi.fn();
    store.subscribe(listener);

    store.write([{ id: 't1', title: 'x' }]);
    expect(listener).toHaveBeenCalledTimes(1);
    store.update((prev) => prev);
    expect(listener).toHaveBeenCalledTimes(2);
    store.remove();
    expect(listener).toHaveBeenCalledTimes(3);
    expect(localStorage.getItem('tasks')).toBeNull();
  });

  it('notifies subscribers on storage events from other tabs for its key or clear()', () => {
    const store = createTasksStore();
    const listener = vi.fn();
    store.subscribe(listener);

    window.dispatchEvent(new StorageEvent('storage', { key: 'tasks' }));
    expect(listener).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener).toHaveBeenCalledTimes(2);

    window.dispatchEvent(new StorageEvent('storage', { key: 'other-key' }));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('stops notifying after unsubscribe and removes the storage listener with the last subscriber', () => {
    const addSpy = vi.spyOn(window, 'addEventListener');
    const removeSpy = vi.spyOn(window, 'removeEventListener');
    const store = createTasksStore();
    const first = vi.fn();
    const second = vi.fn();

    const unsubscribeFirst = store.subscribe(first);
    const unsubscribeSecond = store.subscribe(second);
    expect(addSpy.mock.calls.filter(([type]) => type === 'storage')).toHaveLength(1);

    unsubscribeFirst();
    store.write([]);
    window.dispatchEvent(new StorageEvent('storage', { key: 'tasks' }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(2);
    expect(removeSpy.mock.calls.filter(([type]) => type === 'storage')).toHaveLength(0);

    unsubscribeSecond();
    expect(removeSpy.mock.calls.filter(([type]) => type === 'storage')).toHaveLength(1);
    store.write([]);
    window.dispatchEvent(new StorageEvent('storage', { key: 'tasks' }));
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('surfaces a full quota as StorageQuotaError with a user-facing message', () => {
    const store = createTasksStore();
    const listener = vi.fn();
    store.subscribe(listener);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });

    let caught: unknown;
    try {
      store.write([{ id: 't1', title: 'x' }]);
    } catch (error) {
      caught = error;
    }

    expect(caught).toBeInstanceOf(StorageQuotaError);
    expect((caught as Error).message).toBe('Browser storage is full. Remove some data and try again.');
    expect(listener).not.toHaveBeenCalled();
  });

  it('throws StorageUnavailableError when storage refuses writes for another reason', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });

    expect(() => createTasksStore().write([])).toThrow(StorageUnavailableError);
  });

  it('throws StorageUnavailableError when writing without a window', () => {
    const store = createTasksStore();
    vi.stubGlobal('window', undefined);

    expect(() => store.write([])).toThrow(StorageUnavailableError);
  });
});

describe('createNullableStore', () => {
  const createUserStore = () => createNullableStore('user', itemParser);

  it('reads null when nothing is stored, and null when null is stored', () => {
    expect(createUserStore().read()).toBeNull();

    localStorage.setItem('user', 'null');

    expect(createUserStore().read()).toBeNull();
    expect(listCorruptKeys('user')).toEqual([]);
  });

  it('reads a stored value and writes one as JSON', () => {
    const store = createUserStore();

    store.write({ id: 'u1', title: 'Asha' });

    expect(localStorage.getItem('user')).toBe('{"id":"u1","title":"Asha"}');
    expect(createUserStore().read()).toEqual({ id: 'u1', title: 'Asha' });
  });

  it('reads an invalid value as null and copies it aside', () => {
    localStorage.setItem('user', '{"id":1}');

    expect(createUserStore().read()).toBeNull();
    expect(localStorage.getItem(listCorruptKeys('user')[0] ?? '')).toBe('{"id":1}');
  });
});

describe('toReadableStore', () => {
  it('reads and notifies like its store, and has no way to write', () => {
    const store = createTasksStore();
    const readable = toReadableStore(store);
    const listener = vi.fn();
    readable.subscribe(listener);

    store.write([{ id: 't1', title: 'x' }]);

    expect(listener).toHaveBeenCalledTimes(1);
    expect(readable.read()).toBe(store.read());
    expect(readable.getSnapshot()).toEqual([{ id: 't1', title: 'x' }]);
    expect(readable.key).toBe('tasks');
    expect(Object.keys(readable).sort()).toEqual([
      'getServerSnapshot',
      'getSnapshot',
      'key',
      'read',
      'subscribe',
    ]);
  });
});
