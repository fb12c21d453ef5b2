// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { itemsParser, listCorruptKeys, type Item } from '@/tests/helpers/stored-items';
import { createLocalStore } from './local-store';
import { reportStorageProblem, storageProblemsStore } from './storage-problems';

const NO_ITEMS: Item[] = [];
const FIXED_NOW_MS = 1_700_000_000_000;

function createItemsStore(key: string) {
  return createLocalStore<Item[]>({ key, schema: itemsParser, fallback: NO_ITEMS });
}

function problemFor(key: string) {
  return storageProblemsStore.getSnapshot().find((problem) => problem.key === key);
}

/** Lets the microtask that tells problem subscribers run. */
async function flushMicrotasks(): Promise<void> {
  await Promise.resolve();
  await Promise.resolve();
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(Date, 'now').mockReturnValue(FIXED_NOW_MS);
});

afterEach(() => {
  // The problem list lives at module level: start each test from an empty list.
  for (const { key } of storageProblemsStore.getSnapshot()) storageProblemsStore.dismiss(key);
  vi.restoreAllMocks();
});

describe('storage problem reporting', () => {
  it('starts with no problems', () => {
    expect(storageProblemsStore.getSnapshot()).toEqual([]);
  });

  it('reports text that is not JSON, with the key of its copy', () => {
    const raw = '[{"id":"a","title":"half-written';
    localStorage.setItem('broken', raw);

    expect(createItemsStore('broken').read()).toBe(NO_ITEMS);

    expect(storageProblemsStore.getSnapshot()).toEqual([
      { key: 'broken', copyKey: `broken.corrupt.${FIXED_NOW_MS}`, kept: 'none' },
    ]);
    expect(localStorage.getItem(`broken.corrupt.${FIXED_NOW_MS}`)).toBe(raw);
    expect(localStorage.getItem('broken')).toBe(raw);
  });

  it('reports a value that fails validation as a whole', () => {
    localStorage.setItem('whole', '{"items":[]}');

    expect(createItemsStore('whole').read()).toBe(NO_ITEMS);

    expect(problemFor('whole')).toEqual({
      key: 'whole',
      copyKey: `whole.corrupt.${FIXED_NOW_MS}`,
      kept: 'none',
    });
  });

  it("reports kept 'some' when only some array items are invalid", () => {
    const raw = JSON.stringify([{ id: 'a', title: 'Keep' }, { id: 1 }, null]);
    localStorage.setItem('mixed', raw);

    expect(createItemsStore('mixed').read()).toEqual([{ id: 'a', title: 'Keep' }]);

    expect(problemFor('mixed')).toEqual({
      key: 'mixed',
      copyKey: `mixed.corrupt.${FIXED_NOW_MS}`,
      kept: 'some',
    });
    expect(localStorage.getItem(`mixed.corrupt.${FIXED_NOW_MS}`)).toBe(raw);
  });

  it("reports kept 'none' when every array item is invalid", () => {
    localStorage.setItem('allbad', JSON.stringify([{ id: 1 }, 'x']));

    expect(createItemsStore('allbad').read()).toEqual([]);

    expect(problemFor('allbad')).toMatchObject({ key: 'allbad', kept: 'none' });
  });

  it('reports nothing for a valid value or a missing key', () => {
    localStorage.setItem('fine', JSON.stringify([{ id: 'a', title: 'A' }]));

    createItemsStore('fine').read();
    createItemsStore('missing').read();

    expect(storageProblemsStore.getSnapshot()).toEqual([]);
    expect(listCorruptKeys('fine')).toEqual([]);
  });

  it('does not report twice or copy twice when the same corrupt text is read again', async () => {
    const listener = vi.fn();
    const unsubscribe = storageProblemsStore.subscribe(listener);
    localStorage.setItem('again', '{oops');

    createItemsStore('again').read();
    const afterFirstRead = storageProblemsStore.getSnapshot();
    vi.mocked(Date.now).mockReturnValue(FIXED_NOW_MS + 5_000);
    createItemsStore('again').read();
    await flushMicrotasks();

    expect(storageProblemsStore.getSnapshot()).toBe(afterFirstRead);
    expect(problemFor('again')?.copyKey).toBe(`again.corrupt.${FIXED_NOW_MS}`);
    expect(listCorruptKeys('again')).toEqual([`again.corrupt.${FIXED_NOW_MS}`]);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('replaces the problem of a key when different corrupt text is read', () => {
    const store = createItemsStore('changed');
    localStorage.setItem('changed', '{first');
    store.read();
    vi.mocked(Date.now).mockReturnValue(FIXED_NOW_MS + 1);
    localStorage.setItem('changed', '{second');
    store.read();

    expect(storageProblemsStore.getSnapshot()).toEqual([
      { key: 'changed', copyKey: `changed.corrupt.${FIXED_NOW_MS + 1}`, kept: 'none' },
    ]);
    expect(listCorruptKeys('changed').sort()).toEqual([
      `changed.corrupt.${FIXED_NOW_MS}`,
      `changed.corrupt.${FIXED_NOW_MS + 1}`,
    ]);
    expect(localStorage.getItem(`changed.corrupt.${FIXED_NOW_MS}`)).toBe('{first');
  });

  it('does not overwrite an older, different copy made in the same millisecond', () => {
    localStorage.setItem(`clash.corrupt.${FIXED_NOW_MS}`, '{older');
    localStorage.setItem('clash', '{newer');

    createItemsStore('clash').read();

    expect(localStorage.getItem(`clash.corrupt.${FIXED_NOW_MS}`)).toBe('{older');
    expect(localStorage.getItem(`clash.corrupt.${FIXED_NOW_MS + 1}`)).toBe('{newer');
    expect(problemFor('clash')?.copyKey).toBe(`clash.corrupt.${FIXED_NOW_MS + 1}`);
  });

  it('lists problems of different keys in the order they were met', () => {
    localStorage.setItem('first', 'x');
    localStorage.setItem('second', 'y');

    createItemsStore('first').read();
    createItemsStore('second').read();

    expect(storageProblemsStore.getSnapshot().map((problem) => problem.key)).toEqual(['first', 'second']);
  });

  it('tells subscribers asynchronously, after the read has returned', async () => {
    const listener = vi.fn();
    const unsubscribe = storageProblemsStore.subscribe(listener);
    localStorage.setItem('async', 'nope');

    createItemsStore('async').read();
    expect(listener).not.toHaveBeenCalled();

    await flushMicrotasks();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('stops telling a subscriber after it unsubscribes', async () => {
    const listener = vi.fn();
    storageProblemsStore.subscribe(listener)();
    localStorage.setItem('unsub', 'nope');

    createItemsStore('unsub').read();
    await flushMicrotasks();

    expect(listener).not.toHaveBeenCalled();
  });

  it('dismiss removes only that problem and tells subscribers', async () => {
    localStorage.setItem('keep', 'bad');
    localStorage.setItem('drop', 'bad');
    createItemsStore('keep').read();
    createItemsStore('drop').read();
    await flushMicrotasks();
    const listener = vi.fn();
    const unsubscribe = storageProblemsStore.subscribe(listener);

    storageProblemsStore.dismiss('drop');

    expect(listener).toHaveBeenCalledTimes(1);
    expect(storageProblemsStore.getSnapshot().map((problem) => problem.key)).toEqual(['keep']);
    // The copy is the user's data: dismissing the notice does not delete it.
    expect(localStorage.getItem(`drop.corrupt.${FIXED_NOW_MS}`)).toBe('bad');
    unsubscribe();
  });

  it('reports copyKey null and keeps the original text when the copy cannot be made', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (key.includes('.corrupt.')) throw new DOMException('Quota exceeded', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    localStorage.setItem('full', '{not json');

    expect(createItemsStore('full').read()).toBe(NO_ITEMS);

    expect(problemFor('full')).toEqual({ key: 'full', copyKey: null, kept: 'none' });
    expect(localStorage.getItem('full')).toBe('{not json');
    expect(listCorruptKeys('full')).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('tells subscribers of a problem reported directly, once per distinct problem', async () => {
    const listener = vi.fn();
    const unsubscribe = storageProblemsStore.subscribe(listener);

    reportStorageProblem({ key: 'direct', copyKey: 'direct.corrupt.1', kept: 'some' });
    reportStorageProblem({ key: 'direct', copyKey: 'direct.corrupt.1', kept: 'some' });
    await flushMicrotasks();
    reportStorageProblem({ key: 'direct', copyKey: 'direct.corrupt.1', kept: 'none' });
    await flushMicrotasks();

    expect(listener).toHaveBeenCalledTimes(2);
    expect(storageProblemsStore.getSnapshot()).toEqual([
      { key: 'direct', copyKey: 'direct.corrupt.1', kept: 'none' },
    ]);
    unsubscribe();
  });

  it('always gives an empty list as the server snapshot', () => {
    localStorage.setItem('server', 'bad');
    createItemsStore('server').read();

    expect(storageProblemsStore.getSnapshot()).toHaveLength(1);
    expect(storageProblemsStore.getServerSnapshot()).toEqual([]);
  });
});

describe('write then getSnapshot', () => {
  it('returns the very value written, without decoding it again', () => {
    const store = createItemsStore('written');
    const value: Item[] = [{ id: 'a', title: 'A' }];
    const safeParse = vi.spyOn(itemsParser, 'safeParse');

    store.write(value);

    expect(store.getSnapshot()).toBe(value);
    expect(store.read()).toBe(value);
    expect(safeParse).not.toHaveBeenCalled();
  });

  it('decodes the stored text again once it changes behind its back', async () => {
    const store = createItemsStore('rewritten');
    const value: Item[] = [{ id: 'a', title: 'A' }];
    store.write(value);
    // Another tab's write lands in a later task than this one's.
    await Promise.resolve();

    localStorage.setItem('rewritten', JSON.stringify([{ id: 'a', title: 'Renamed in another tab' }]));

    expect(store.getSnapshot()).toEqual([{ id: 'a', title: 'Renamed in another tab' }]);
    expect(value).toEqual([{ id: 'a', title: 'A' }]);
  });

  it("answers the write's own listeners from what it wrote, without reading storage back", async () => {
    const store = createItemsStore('written');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const seen: unknown[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot(), store.getSnapshot()));
    const value: Item[] = [{ id: 'a', title: 'A' }];
    store.write(value);
    expect(seen).toEqual([value, value]);
    expect(getItem).not.toHaveBeenCalledWith('written');
    // From the next turn on, storage is read again.
    await Promise.resolve();
    expect(store.getSnapshot()).toBe(value);
    expect(getItem).toHaveBeenCalledWith('written');
    unsubscribe();
  });
});
