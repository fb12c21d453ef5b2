// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxItem, InboxPage, MarkReadRequest } from '../model/protocol';

const fetchInbox = vi.fn<(options?: { before?: string | null; limit?: number }) => Promise<InboxPage>>();
const markInboxRead = vi.fn<(request: MarkReadRequest) => Promise<{ unread: number }>>();
vi.mock('@/features/inbox/client/inbox-api', () => ({
  fetchInbox: (options?: { before?: string | null; limit?: number }) => fetchInbox(options),
  markInboxRead: (request: MarkReadRequest) => markInboxRead(request),
}));

const { announceComments, announcePoke } = await import('@/shared/realtime/live-comments');
const { inboxSnapshot, loadOlderInbox, markRead, refreshInbox, subscribeInbox } =
  await import('./inbox-store');

function item(id: string, minute: number, read = false): InboxItem {
  return {
    id,
    kind: 'commented',
    task: `t-${id}`,
    title: id,
    actorId: 'ana',
    actorName: 'Ana',
    createdAt: `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`,
    read,
  };
}

const page = (items: InboxItem[], unread: number, next: string | null = null): InboxPage => ({
  items,
  unread,
  next,
});

let stops: (() => void)[] = [];
function subscribe(): void {
  stops.push(subscribeInbox(() => undefined));
}

beforeEach(() => {
  vi.useFakeTimers();
  fetchInbox.mockReset();
  markInboxRead.mockReset();
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.useRealTimers();
});

describe('the inbox store', () => {
  it('loads for the first subscriber, and once more for a burst of pokes and comments events', async () => {
    fetchInbox.mockResolvedValueOnce(page([item('a', 1)], 1));
    subscribe();
    subscribe();
    await vi.waitFor(() => expect(inboxSnapshot().status).toBe('ready'));
    expect(inboxSnapshot().unread).toBe(1);
    expect(fetchInbox).toHaveBeenCalledTimes(1);

    fetchInbox.mockResolvedValueOnce(page([item('b', 2), item('a', 1)], 2));
    announcePoke();
    announceComments('x');
    announcePoke();
    await vi.advanceTimersByTimeAsync(400);
    await vi.waitFor(() => expect(inboxSnapshot().unread).toBe(2));
    expect(inboxSnapshot().items.map((entry) => entry.id)).toEqual(['b', 'a']);
    expect(fetchInbox).toHaveBeenCalledTimes(2);

    // A poke alone (an assignment, a completion) asks too.
    fetchInbox.mockResolvedValueOnce(page([item('c', 3), item('b', 2), item('a', 1)], 3));
    announcePoke();
    await vi.advanceTimersByTimeAsync(400);
    await vi.waitFor(() => expect(inboxSnapshot().unread).toBe(3));
    expect(fetchInbox).toHaveBeenCalledTimes(3);
  });

  it('says a failed first load, keeps what it showed when a later one fails, and forgets at the end', async () => {
    fetchInbox.mockRejectedValueOnce(new Error('down'));
    subscribe();
    await vi.waitFor(() => expect(inboxSnapshot().status).toBe('error'));
    fetchInbox.mockResolvedValueOnce(page([item('a', 1)], 1));
    refreshInbox();
    await vi.waitFor(() => expect(inboxSnapshot().status).toBe('ready'));
    expect(inboxSnapshot().error).toBeNull();

    fetchInbox.mockRejectedValueOnce(new Error('down again'));
    refreshInbox();
    await vi.waitFor(() => expect(inboxSnapshot().error).not.toBeNull());
    expect(inboxSnapshot()).toMatchObject({ status: 'ready', unread: 1 });
    expect(inboxSnapshot().items).toHaveLength(1);

    stops.pop()!();
    expect(inboxSnapshot()).toMatchObject({ status: 'loading', items: [], unread: 0 });
  });

  it('pages back, and keeps the older pages when the first page is read again', async () => {
    fetchInbox.mockResolvedValueOnce(page([item('d', 4), item('c', 3)], 4, 'cursor-c'));
    subscribe();
    await vi.waitFor(() => expect(inboxSnapshot().status).toBe('ready'));
    fetchInbox.mockResolvedValueOnce(page([item('b', 2), item('a', 1)], 4, null));
    await loadOlderInbox();
    expect(fetchInbox).toHaveBeenLastCalledWith({ before: 'cursor-c', limit: 20 });
    expect(inboxSnapshot().items.map((entry) => entry.id)).toEqual(['d', 'c', 'b', 'a']);
    expect(inboxSnapshot().next).toBeNull();

    // A new entry: the first page moves on by one; what was below it stays, once each.
    fetchInbox.mockResolvedValueOnce(page([item('e', 5), item('d', 4)], 5, 'cursor-d'));
    announcePoke();
    await vi.advanceTimersByTimeAsync(400);
    await vi.waitFor(() => expect(inboxSnapshot().unread).toBe(5));
    expect(inboxSnapshot().items.map((entry) => entry.id)).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(inboxSnapshot().next).toBeNull();
  });

  it('marks read at once, tells the server, and puts entries back unread when it refuses', async () => {
    fetchInbox.mockResolvedValueOnce(page([item('b', 2), item('a', 1), item('z', 0, true)], 2));
    subscribe();
    await vi.waitFor(() => expect(inboxSnapshot().status).toBe('ready'));

    markInboxRead.mockResolvedValueOnce({ unread: 1 });
    const marking = markRead(['a', 'z']);
    expect(inboxSnapshot().unread).toBe(1);
    expect(inboxSnapshot().items.find((entry) => entry.id === 'a')?.read).toBe(true);
    await marking;
    // Only the unread one is sent.
    expect(markInboxRead).toHaveBeenCalledWith({ ids: ['a'] });

    markInboxRead.mockRejectedValueOnce(new Error('offline'));
    await expect(markRead('all')).rejects.toThrow('offline');
    expect(markInboxRead).toHaveBeenLastCalledWith({ all: true });
    expect(inboxSnapshot().unread).toBe(1);
    expect(inboxSnapshot().items.find((entry) => entry.id === 'b')?.read).toBe(false);
    expect(inboxSnapshot().items.find((entry) => entry.id === 'a')?.read).toBe(true);

    // Nothing unread among the ids: no request.
    await markRead(['a']);
    expect(markInboxRead).toHaveBeenCalledTimes(2);
  });
});
