// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { listCorruptKeys } from '@/tests/helpers/stored-items';
import {
  createLocalLabel,
  deleteLocalLabel,
  localLabelsStore,
  LOCAL_LABELS_KEY,
  teamLabelsStore,
  updateLocalLabel,
} from './labels';
import { StorageQuotaError } from '@/shared/browser-storage/local-store';
import { storageProblemsStore } from '@/shared/browser-storage/storage-problems';

const NOW_MS = 1_767_225_600_000;

function stored(): unknown {
  return JSON.parse(localStorage.getItem(LOCAL_LABELS_KEY) ?? 'null');
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(Date, 'now').mockReturnValue(NOW_MS);
});

afterEach(() => {
  storageProblemsStore.dismiss(LOCAL_LABELS_KEY);
  vi.restoreAllMocks();
});

describe('the browser’s own labels (tasklane.labels)', () => {
  it('are none until one is created; nothing is stored before that', () => {
    expect(localLabelsStore.read()).toEqual([]);
    expect(localStorage.getItem(LOCAL_LABELS_KEY)).toBeNull();
  });

  it('create, rename, recolour and delete through the commands', () => {
    const listener = vi.fn();
    const unsubscribe = localLabelsStore.subscribe(listener);
    const created = createLocalLabel({ name: ' Urgent ', color: 'red' });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const { id } = created.label;
    expect(stored()).toEqual([{ id, name: 'Urgent', color: 'red' }]);
    expect(listener).toHaveBeenCalledTimes(1);

    expect(updateLocalLabel(id, { name: 'Now' }).ok).toBe(true);
    expect(updateLocalLabel(id, { color: 'teal' }).ok).toBe(true);
    expect(stored()).toEqual([{ id, name: 'Now', color: 'teal' }]);

    expect(deleteLocalLabel(id)).toBe(true);
    expect(stored()).toEqual([]);
    expect(deleteLocalLabel(id)).toBe(false);
    unsubscribe();
  });

  it('write nothing on a refusal and say why', () => {
    createLocalLabel({ name: 'Urgent', color: 'red' });
    const before = localStorage.getItem(LOCAL_LABELS_KEY);
    expect(createLocalLabel({ name: 'urgent', color: 'blue' })).toEqual({
      ok: false,
      field: 'name',
      reason: 'taken',
      message: 'A label named "Urgent" already exists.',
    });
    expect(updateLocalLabel('missing', { name: 'X' })).toMatchObject({ ok: false, field: null });
    expect(localStorage.getItem(LOCAL_LABELS_KEY)).toBe(before);
  });

  it('throw the quota error when the browser refuses the write, keeping the stored set', () => {
    createLocalLabel({ name: 'Urgent', color: 'red' });
    const before = localStorage.getItem(LOCAL_LABELS_KEY);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => createLocalLabel({ name: 'Home', color: 'green' })).toThrow(StorageQuotaError);
    expect(localStorage.getItem(LOCAL_LABELS_KEY)).toBe(before);
  });

  it('keep the readable labels of a damaged set and a copy of the original', () => {
    const raw = JSON.stringify([
      { id: 'a', name: 'Good', color: 'red' },
      { id: 'b', name: 'Odd', color: 'pink' },
    ]);
    localStorage.setItem(LOCAL_LABELS_KEY, raw);
    expect(localLabelsStore.read()).toEqual([{ id: 'a', name: 'Good', color: 'red' }]);
    const copies = listCorruptKeys(LOCAL_LABELS_KEY);
    expect(copies).toHaveLength(1);
    expect(localStorage.getItem(copies[0]!)).toBe(raw);
  });
});

describe('the team set’s copy (tasklane.teamLabels)', () => {
  it('is a store of its own, apart from the browser’s labels', () => {
    teamLabelsStore.write([{ id: 'srv-1', name: 'Team', color: 'purple' }]);
    expect(teamLabelsStore.read()).toEqual([{ id: 'srv-1', name: 'Team', color: 'purple' }]);
    expect(localLabelsStore.read()).toEqual([]);
  });
});
