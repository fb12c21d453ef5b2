// @vitest-environment jsdom
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arrayOf, INVALID, parser } from '@/shared/validation/parsers';
import { itemParser, itemsParser, listCorruptKeys, type Item } from '@/tests/helpers/stored-items';
import { createLocalStore } from './local-store';

const FALLBACK: Item[] = [];

/** The items' parser, counting the items it checks. */
function countingStore(onCheck: (count: number) => void = () => undefined) {
  const checked = { count: 0 };
  const element = parser<Item>((value) => {
    checked.count += 1;
    onCheck(checked.count);
    const result = itemParser.safeParse(value);
    return result.success ? result.data : INVALID;
  });
  const store = createLocalStore({ key: 'tasks', schema: arrayOf(element), fallback: FALLBACK });
  return { store, checked };
}

function storeItems(count: number): Item[] {
  const items = Array.from({ length: count }, (_, index) => ({ id: `t${index}`, title: `Task ${index}` }));
  localStorage.setItem('tasks', JSON.stringify(items));
  return items;
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createLocalStore readAhead', () => {
  it('reads the stored list ahead, in more than one slice, and the next snapshot is that list', async () => {
    const items = storeItems(3000);
    const { store, checked } = countingStore();
    let now = 0;
    // Each check takes 0.01 ms: 3,000 items are 30 ms, six slices of 5 ms.
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 0.01));
    const timeouts = vi.spyOn(globalThis, 'setTimeout');

    await expect(store.readAhead()).resolves.toBe(true);

    expect(checked.count).toBe(3000);
    expect(timeouts.mock.calls.length).toBeGreaterThanOrEqual(6);
    expect(store.getSnapshot()).toEqual(items);
    // Read once, ahead: the snapshot checked nothing again.
    expect(checked.count).toBe(3000);
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  it('gives up when the stored text changes meanwhile, and the snapshot reads what is stored now', async () => {
    storeItems(10);
    // Another tab writes while this one is half-way through the items it read.
    const { store } = countingStore((count) => {
      if (count === 5)
        localStorage.setItem('tasks', JSON.stringify([{ id: 'other', title: 'Written by another tab' }]));
    });
    const reading = store.readAhead();

    await expect(reading).resolves.toBe(false);
    expect(store.getSnapshot()).toEqual([{ id: 'other', title: 'Written by another tab' }]);
  });

  it('gives up when the list is read or written first', async () => {
    storeItems(10);
    const first = countingStore();
    const reading = first.store.readAhead();
    const snapshot = first.store.getSnapshot();
    await expect(reading).resolves.toBe(false);
    expect(first.store.getSnapshot()).toBe(snapshot);

    const second = countingStore();
    const again = second.store.readAhead();
    second.store.write([{ id: 'mine', title: 'Written here' }]);
    await expect(again).resolves.toBe(false);
    expect(second.store.getSnapshot()).toEqual([{ id: 'mine', title: 'Written here' }]);
  });

  it('leaves a list with an item that does not pass to the synchronous read, which keeps the text aside', async () => {
    localStorage.setItem(
      'tasks',
      JSON.stringify([
        { id: 't1', title: 'Good' },
        { id: 7, title: 'Bad id' },
      ]),
    );
    const { store } = countingStore();

    await expect(store.readAhead()).resolves.toBe(false);
    expect(listCorruptKeys('tasks')).toEqual([]);
    expect(store.getSnapshot()).toEqual([{ id: 't1', title: 'Good' }]);
    expect(listCorruptKeys('tasks')).toHaveLength(1);
  });

  it('reads once when asked twice at the same time', async () => {
    storeItems(20);
    const { store, checked } = countingStore();
    const [first, second] = await Promise.all([store.readAhead(), store.readAhead()]);
    expect([first, second]).toEqual([true, true]);
    expect(checked.count).toBe(20);
    // Once read, there is nothing left to read ahead.
    await expect(store.readAhead()).resolves.toBe(false);
  });

  it('does nothing without a stored list, or with text that is not JSON', async () => {
    await expect(countingStore().store.readAhead()).resolves.toBe(false);
    localStorage.setItem('tasks', '{not json');
    await expect(countingStore().store.readAhead()).resolves.toBe(false);
  });

  it('never changes what a read gives: read ahead or not, the snapshot is the same', async () => {
    const storedItem = fc.oneof(
      fc.record({ id: fc.string(), title: fc.string() }),
      fc.record({ id: fc.integer(), title: fc.string() }),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(storedItem, { maxLength: 30 }), async (items) => {
        localStorage.clear();
        localStorage.setItem('tasks', JSON.stringify(items));
        const plain = createLocalStore({
          key: 'tasks',
          schema: itemsParser,
          fallback: FALLBACK,
        }).getSnapshot();
        const keptAside = listCorruptKeys('tasks').length;
        localStorage.clear();
        localStorage.setItem('tasks', JSON.stringify(items));
        const ahead = createLocalStore({ key: 'tasks', schema: itemsParser, fallback: FALLBACK });
        const readAhead = await ahead.readAhead();
        expect(ahead.getSnapshot()).toEqual(plain);
        expect(listCorruptKeys('tasks')).toHaveLength(keptAside);
        // It reads ahead exactly when every item passes.
        expect(readAhead).toBe(keptAside === 0);
      }),
      { numRuns: 100 },
    );
  });
});
