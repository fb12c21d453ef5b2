import { describe, expect, it } from 'vitest';
import type { SyncSummary } from '../model/protocol';
import { TEAM_SUMMARY_KEY } from '@/shared/browser-storage/keys';
import { lastKnownText, loadLastSummary, readSyncSummary, saveLastSummary } from './team-summary';

const SUMMARY: SyncSummary = {
  total: 12,
  completed: 5,
  byColumn: [
    { column: 'To Do', count: 4 },
    { column: 'In Progress', count: 2 },
    { column: 'Completed', count: 6 },
  ],
  pending: [{ uid: 'u1', v: 3, deleted: false, data: { title: 'Open', progress: 10 } }],
  pendingTotal: 7,
  seq: 41,
  asOf: '2026-11-26T06:30:00.000Z',
};

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('readSyncSummary', () => {
  it('reads what the server sends', () => {
    expect(readSyncSummary(JSON.parse(JSON.stringify(SUMMARY)))).toEqual(SUMMARY);
  });

  it('refuses figures that do not fit, and leaves out pending rows that do not', () => {
    for (const broken of [
      null,
      'x',
      { ...SUMMARY, total: -1 },
      { ...SUMMARY, completed: 1.5 },
      { ...SUMMARY, asOf: 'yesterday' },
      { ...SUMMARY, byColumn: SUMMARY.byColumn.slice(1) },
      { ...SUMMARY, pending: 'none' },
    ]) {
      expect(readSyncSummary(broken)).toBeNull();
    }
    const odd = {
      ...SUMMARY,
      pending: [...SUMMARY.pending, { uid: 5 }, { uid: 'u2', v: 1, deleted: false, data: [] }],
    };
    expect(readSyncSummary(odd)?.pending).toEqual(SUMMARY.pending);
  });
});

describe('the last known figures', () => {
  it('are kept under tasklane.teamSummary and read back', () => {
    const storage = memoryStorage();
    saveLastSummary(SUMMARY, storage);
    expect(JSON.parse(storage.items.get(TEAM_SUMMARY_KEY)!)).toEqual({ summary: SUMMARY });
    expect(loadLastSummary(storage)).toEqual(SUMMARY);
  });

  it('read as none when missing or unreadable, and a full storage is no error', () => {
    expect(loadLastSummary(memoryStorage())).toBeNull();
    expect(loadLastSummary(memoryStorage({ [TEAM_SUMMARY_KEY]: '{not json' }))).toBeNull();
    expect(loadLastSummary(memoryStorage({ [TEAM_SUMMARY_KEY]: '{"summary":{"total":1}}' }))).toBeNull();
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => saveLastSummary(SUMMARY, full)).not.toThrow();
  });

  it('are marked with the time the server counted them, as admin dates show it', () => {
    expect(lastKnownText(SUMMARY.asOf)).toBe('Last known figures, 26/11/26, 12:00:00 pm.');
  });
});
