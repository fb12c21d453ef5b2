/**
 * The inbox as this tab knows it (docs/product.md#the-inbox), for the bell, its list and the
 * Notifications page: the newest page of entries and the unread count, shaped for
 * useSyncExternalStore. The first subscriber loads it; it is asked again after a poke or a `comments`
 * event (the server writes entries in the same transaction as the push or comment that made them),
 * when the window comes back into view or online, and every minute while this tab holds no live
 * stream. What one tab reads or marks is posted to the others (BroadcastChannel), so a tab without
 * the stream is as current as the one with it. The last subscriber gone, it forgets everything (a
 * logout, another account).
 */
import { fetchInbox, markInboxRead } from '@/features/inbox/client/inbox-api';
import { isCommentsStreamUp, onCommentsChanged, onPoke } from '@/shared/realtime/live-comments';
import type { InboxItem, InboxPage } from '../model/protocol';

export type InboxStatus = 'loading' | 'ready' | 'error';

export interface InboxState {
  status: InboxStatus;
  /** Newest first: the first page, and the older pages asked for. */
  items: readonly InboxItem[];
  unread: number;
  /** The cursor of the next older page, or null. */
  next: string | null;
  /** The last refresh's failure (the entries shown stay). */
  error: unknown;
  loadingOlder: boolean;
}

export const INBOX_PAGE_SIZE = 20;
/** Events closer together than this make one request. */
const REFRESH_DELAY_MS = 400;
const POLL_MS = 60_000;
const CHANNEL = 'tasklane.inbox';

const INITIAL: InboxState = {
  status: 'loading',
  items: [],
  unread: 0,
  next: null,
  error: null,
  loadingOlder: false,
};

let state: InboxState = INITIAL;
const listeners = new Set<() => void>();
let loading = false;
let again = false;
let timer: ReturnType<typeof setTimeout> | null = null;
let stopWatching: (() => void) | null = null;
/** Bumped when the store forgets: an answer to an older generation's request is dropped. */
let generation = 0;
let channel: BroadcastChannel | null = null;

type Message = { type: 'page'; page: InboxPage } | { type: 'read'; ids: string[] | 'all'; unread: number };

function publish(next: InboxState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

function post(message: Message): void {
  try {
    channel?.postMessage(message);
  } catch {
    // A closed channel (the page is going away): the other tabs ask for themselves.
  }
}

/** The first page as the server sent it, with the older pages this tab already had kept below it. */
function withFirstPage(page: InboxPage): InboxState {
  const last = page.items.at(-1);
  const older =
    last === undefined || page.next === null
      ? []
      : state.items.filter(
          (item) =>
            !page.items.some((fresh) => fresh.id === item.id) &&
            (item.createdAt < last.createdAt || (item.createdAt === last.createdAt && item.id < last.id)),
        );
  const keptOlder = older.length > 0;
  return {
    ...state,
    status: 'ready',
    items: [...page.items, ...older],
    unread: page.unread,
    next: keptOlder ? state.next : page.next,
    error: null,
  };
}

async function load(): Promise<void> {
  if (loading) {
    again = true;
    return;
  }
  loading = true;
  const mine = generation;
  try {
    const page = await fetchInbox({ limit: INBOX_PAGE_SIZE });
    if (mine !== generation) return;
    publish(withFirstPage(page));
    post({ type: 'page', page });
  } catch (error) {
    if (mine !== generation) return;
    publish({ ...state, status: state.status === 'loading' ? 'error' : state.status, error });
  } finally {
    loading = false;
  }
  if (again && mine === generation) {
    again = false;
    void load();
  }
}

function scheduleLoad(delay = REFRESH_DELAY_MS): void {
  if (timer !== null) return;
  timer = setTimeout(() => {
    timer = null;
    void load();
  }, delay);
}

function onMessage(event: MessageEvent<Message>): void {
  const message = event.data;
  if (message?.type === 'page') publish(withFirstPage(message.page));
  else if (message?.type === 'read') applyRead(message.ids, message.unread);
}

function applyRead(ids: readonly string[] | 'all', unread: number): void {
  const marked = ids === 'all' ? null : new Set(ids);
  publish({
    ...state,
    items: state.items.map((item) =>
      item.read || (marked !== null && !marked.has(item.id)) ? item : { ...item, read: true },
    ),
    unread,
  });
}

function watch(): () => void {
  const refresh = () => scheduleLoad();
  const onVisible = () => {
    if (document.visibilityState === 'visible') scheduleLoad();
  };
  const stopComments = onCommentsChanged(refresh);
  const stopPokes = onPoke(refresh);
  window.addEventListener('focus', refresh);
  window.addEventListener('online', refresh);
  document.addEventListener('visibilitychange', onVisible);
  const poll = setInterval(() => {
    if (document.visibilityState === 'visible' && !isCommentsStreamUp()) void load();
  }, POLL_MS);
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = onMessage;
  }
  return () => {
    stopComments();
    stopPokes();
    window.removeEventListener('focus', refresh);
    window.removeEventListener('online', refresh);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(poll);
    channel?.close();
    channel = null;
  };
}

export function subscribeInbox(listener: () => void): () => void {
  listeners.add(listener);
  if (stopWatching === null) {
    stopWatching = watch();
    void load();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    stopWatching?.();
    stopWatching = null;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    generation++;
    loading = false;
    again = false;
    state = INITIAL;
  };
}

export function inboxSnapshot(): InboxState {
  return state;
}

export function serverInboxSnapshot(): InboxState {
  return INITIAL;
}

/** Retry after a failed load. */
export function refreshInbox(): void {
  void load();
}

/** The next older page, below the ones shown. */
export async function loadOlderInbox(): Promise<void> {
  if (state.next === null || state.loadingOlder) return;
  const mine = generation;
  publish({ ...state, loadingOlder: true });
  try {
    const page = await fetchInbox({ before: state.next, limit: INBOX_PAGE_SIZE });
    if (mine !== generation) return;
    const known = new Set(state.items.map((item) => item.id));
    publish({
      ...state,
      items: [...state.items, ...page.items.filter((item) => !known.has(item.id))],
      next: page.next,
      unread: page.unread,
      loadingOlder: false,
    });
  } catch (error) {
    if (mine === generation) publish({ ...state, loadingOlder: false });
    throw error;
  }
}

/**
 * Marks entries read (all of them with 'all'): shown at once, then told to the server; a refusal or
 * no connection puts them back as they were and throws (the caller says so).
 */
export async function markRead(ids: readonly string[] | 'all'): Promise<void> {
  const before = state;
  const unreadIds = before.items.filter((item) => !item.read && (ids === 'all' || ids.includes(item.id)));
  if (ids !== 'all' && unreadIds.length === 0) return;
  const mine = generation;
  applyRead(
    ids === 'all' ? 'all' : unreadIds.map((item) => item.id),
    ids === 'all' ? 0 : Math.max(0, before.unread - unreadIds.length),
  );
  try {
    const { unread } = await markInboxRead(
      ids === 'all' ? { all: true } : { ids: unreadIds.map((item) => item.id) },
    );
    if (mine !== generation) return;
    publish({ ...state, unread });
    post({ type: 'read', ids: ids === 'all' ? 'all' : unreadIds.map((item) => item.id), unread });
  } catch (error) {
    if (mine !== generation) return;
    const restored = new Set(unreadIds.map((item) => item.id));
    publish({
      ...state,
      items: state.items.map((item) => (restored.has(item.id) ? { ...item, read: false } : item)),
      unread: before.unread,
    });
    throw error;
  }
}
