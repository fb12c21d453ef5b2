// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchHistoryPage, readHistoryPage } from './history-api';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const entry = {
  id: 'c_1_00',
  kind: 'changed',
  actorId: 'u1',
  actorName: 'Ana',
  at: '2026-01-02T03:04:05.000Z',
  field: 'progress',
  from: 40,
  to: 80,
  text: 'Ana changed progress 40 → 80',
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'member-token');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('task history API client', () => {
  it('GET the first page with the Bearer token, keeping what the view shows of each entry', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ entries: [entry], next: 'cur', complete: true }));
    await expect(fetchHistoryPage('t/1', null)).resolves.toEqual({
      entries: [{ id: 'c_1_00', text: 'Ana changed progress 40 → 80', actorName: 'Ana', at: entry.at }],
      next: 'cur',
      complete: true,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/sync/tasks/t%2F1/history');
    expect(init.method).toBe('GET');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer member-token');
  });

  it('asks for an older page with before, encoded', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ entries: [], next: null, complete: false }));
    await expect(fetchHistoryPage('t1', '1700000000000:a b')).resolves.toEqual({
      entries: [],
      next: null,
      complete: false,
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/sync/tasks/t1/history?before=1700000000000%3Aa+b');
  });

  it('rejects with the server status on a failure', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'No such task, or you cannot see it.' }, 404));
    await expect(fetchHistoryPage('t1', null)).rejects.toMatchObject({ kind: 'http', status: 404 });
  });
});

describe('readHistoryPage', () => {
  it('leaves out entries that do not read and reads a missing next or complete safely', () => {
    expect(
      readHistoryPage({
        entries: [
          entry,
          { ...entry, id: 3 },
          { ...entry, text: null },
          null,
          'x',
          { ...entry, at: undefined },
        ],
      }),
    ).toEqual({ entries: [expect.objectContaining({ id: 'c_1_00' })], next: null, complete: true });
    expect(readHistoryPage(null)).toEqual({ entries: [], next: null, complete: true });
    expect(readHistoryPage({ entries: 'no', next: '', complete: 'no' })).toEqual({
      entries: [],
      next: null,
      complete: true,
    });
    expect(readHistoryPage({ entries: [], next: 5, complete: false }).complete).toBe(false);
  });
});
