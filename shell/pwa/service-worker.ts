/**
 * Tasklane's service worker (docs/product.md#installable-app-and-offline-use,
 * docs/decisions/0018-installable-and-offline.md).
 *
 * This module is not bundled into any page. `scripts/prepare-standalone.mjs` turns it into
 * `public/sw.js` of the standalone build: this file and ./messages.ts are stripped of their
 * types, imports and `export` keywords and joined, and a call `startWorker(self, {...})` is
 * appended with the build's id and the list of files to precache. So they may import nothing
 * else, and use only what a worker has.
 */
import { MESSAGES } from './messages';

/** How long a navigation waits for the network before a cached copy of the page is shown. */
export const NAVIGATION_TIMEOUT_MS = 3_000;

/** How long the worker waits for an open page to say which build's files it runs. */
export const CLIENT_ANSWER_TIMEOUT_MS = 2_000;

/** Every cache this worker owns starts with this. */
export const CACHE_PREFIX = 'tasklane-';

export interface WorkerConfig {
  buildId: string;
  /** Pages (paths) cached at install and served when the network is gone. */
  pages: readonly string[];
  /** Other same-origin files cached at install: the build's `/_next/static/` files, icons, scripts. */
  assets: readonly string[];
}

/** The two caches of one build: hashed static files, and pages (HTML). */
export function cacheNamesFor(buildId: string): { static: string; pages: string } {
  return { static: `${CACHE_PREFIX}static-${buildId}`, pages: `${CACHE_PREFIX}pages-${buildId}` };
}

/** What the worker does with one request. */
export type Strategy =
  /** Hashed build files: cache first (any build's cache), else the network, kept. */
  | 'static'
  /** A page of the app: the network within NAVIGATION_TIMEOUT_MS, else the cached page. */
  | 'page'
  /** Other same-origin files (icons, landing.js, the manifest): the network, else a cached copy. */
  | 'asset'
  /**
   * The App Router's data request for a page (a client-side navigation): the network, never
   * cached; when it fails, a plain 503, on which the router loads the page itself (from the cache
   * when offline) instead of logging the failed fetch as an error.
   */
  | 'rsc'
  /** Not touched: the browser fetches it as if there were no worker. */
  | 'pass';

export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
  /** The `RSC` request header: the App Router's own data requests. */
  rsc: boolean;
}

/** The path of an app page a navigation asks for, when it is one we cache, else null. */
export function pagePathFor(url: URL, pages: readonly string[]): string | null {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return pages.includes(path) ? path : null;
}

/**
 * Which strategy a request gets. Only same-origin GETs are touched; the API (`/api/*`, the
 * `/admin/users` JSON routes), anything not a GET (log in, sign up…) and the App Router's RSC
 * data requests always go to the network untouched and are never cached.
 */
export function strategyFor(request: RequestFacts, origin: string, pages: readonly string[]): Strategy {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass';
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/')) return 'pass';
  if (path === '/admin/users' || path.startsWith('/admin/users/')) return 'pass';
  if (path === '/sw.js') return 'pass';
  if (request.rsc || url.searchParams.has('_rsc')) return pagePathFor(url, pages) ? 'rsc' : 'pass';
  if (path.startsWith('/_next/static/')) return 'static';
  if (request.mode === 'navigate') return pagePathFor(url, pages) ? 'page' : 'pass';
  if (path.startsWith('/_next/')) return 'pass';
  return 'asset';
}

/** Where the builds this browser has installed are listed, oldest first (never deleted). */
export const BUILDS_CACHE = `${CACHE_PREFIX}builds`;
export const BUILDS_KEY = '/__tasklane/builds';

/** The build a cache of ours belongs to, or null for any other cache. */
export function buildIdOf(name: string): string | null {
  for (const kind of ['static-', 'pages-']) {
    if (name.startsWith(`${CACHE_PREFIX}${kind}`))
      return name.slice(CACHE_PREFIX.length + kind.length) || null;
  }
  return null;
}

/** The builds' install order with `buildId` added at the end (once). */
export function withBuild(order: readonly string[], buildId: string): string[] {
  return [...order.filter((id) => id !== buildId), buildId];
}

/**
 * Caches to delete once this build is active: those of the builds installed before it (in `order`,
 * or not listed at all). A build installed after it (a newer version waiting for Reload) is never
 * touched. Of the older builds, the pages go at once (a page must never be served with another
 * build's files), and the static files unless an open page still runs them (`stillNeeded`): that
 * page may load one of its lazy chunks later.
 */
export function cachesToDelete(
  names: readonly string[],
  buildId: string,
  order: readonly string[],
  stillNeeded: ReadonlySet<string>,
): string[] {
  const own = order.indexOf(buildId);
  return names.filter((name) => {
    const id = buildIdOf(name);
    if (id === null || id === buildId) return false;
    const at = order.indexOf(id);
    if (own >= 0 && at > own) return false;
    return !stillNeeded.has(name);
  });
}

/** The builds still worth listing: this one, newer ones, and older ones that still have a cache. */
export function buildsToKeep(
  order: readonly string[],
  buildId: string,
  remaining: readonly string[],
): string[] {
  const own = order.indexOf(buildId);
  const withCaches = new Set(remaining.map(buildIdOf));
  return order.filter((id, at) => at >= own || withCaches.has(id));
}

/**
 * Which other builds' static caches an open page still needs: those holding a file some page runs
 * that the current build's cache (`current`) lacks. A page that did not answer (null: busy, frozen,
 * still loading) may run anything, so then every one is kept until the next page load asks again.
 */
export function staticCachesInUse(
  answers: readonly (readonly string[] | null)[],
  held: Readonly<Record<string, readonly string[]>>,
  current: string,
): Set<string> {
  const others = Object.keys(held).filter((name) => name !== current);
  if (answers.some((answer) => answer === null)) return new Set(others);
  const own = new Set(held[current] ?? []);
  const running = new Set(answers.flatMap((answer) => answer ?? []).filter((url) => !own.has(url)));
  return new Set(others.filter((name) => (held[name] ?? []).some((url) => running.has(url))));
}

// ---- The worker itself. Minimal types: the DOM library has no worker scope, and including the
// webworker library would clash with it in this project's single TypeScript program.

interface WorkerEvent {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerFetchEvent extends WorkerEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerMessageEvent extends WorkerEvent {
  data: unknown;
}
interface WorkerClient {
  postMessage(message: unknown, transfer: Transferable[]): void;
}
export interface WorkerScope {
  location: { origin: string };
  caches: CacheStorage;
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WorkerClient[]> };
  skipWaiting(): Promise<void>;
  fetch(request: Request | string, init?: RequestInit): Promise<Response>;
  addEventListener(type: 'install' | 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
}

/** Asks one open page which `/_next/static/` files it runs; no answer in time → null (unknown). */
function askClientForAssets(client: WorkerClient): Promise<string[] | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), CLIENT_ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      resolve(Array.isArray(event.data) ? event.data.filter((item) => typeof item === 'string') : null);
    };
    client.postMessage({ type: MESSAGES.assetsQuery }, [channel.port2]);
  });
}

/**
 * Caches `urls` under `cacheName`, everything or nothing: a failed download fails the install, and the
 * browser tries again on a later visit. The build's hashed files may come from the HTTP cache (the page
 * has just loaded many of them, and a name never changes content); everything else skips it
 * (`cache: 'reload'`) so nothing from an older build slips in.
 */
async function fillCache(scope: WorkerScope, cacheName: string, urls: readonly string[]): Promise<void> {
  const cache = await scope.caches.open(cacheName);
  await cache.addAll(
    urls.map((url) => new Request(url, { cache: url.startsWith('/_next/static/') ? 'default' : 'reload' })),
  );
}

/** Reads and rewrites the list of installed builds (BUILDS_CACHE). */
async function updateBuilds(scope: WorkerScope, change: (order: string[]) => string[]): Promise<string[]> {
  const cache = await scope.caches.open(BUILDS_CACHE);
  const stored = await cache.match(BUILDS_KEY);
  const read: unknown = stored ? await stored.json().catch(() => []) : [];
  const order = Array.isArray(read) ? read.filter((id): id is string => typeof id === 'string') : [];
  const next = change(order);
  await cache.put(
    BUILDS_KEY,
    new Response(JSON.stringify(next), { headers: { 'Content-Type': 'application/json' } }),
  );
  return next;
}

/** Of the older builds' static caches (`others`), those an open page still runs a file of. */
async function staticCachesStillNeeded(
  scope: WorkerScope,
  current: string,
  others: readonly string[],
): Promise<Set<string>> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const answers = await Promise.all(windows.map(askClientForAssets));
  const paths = async (name: string) => {
    const requests = await (await scope.caches.open(name)).keys();
    return requests.map((request) => new URL(request.url).pathname);
  };
  const held: Record<string, string[]> = {};
  for (const name of [current, ...others]) held[name] = await paths(name);
  return staticCachesInUse(answers, held, current);
}

/** Deletes older builds' caches, keeping the static files an open page still runs. */
async function prune(scope: WorkerScope, buildId: string): Promise<void> {
  const order = await updateBuilds(scope, (listed) =>
    listed.includes(buildId) ? listed : withBuild(listed, buildId),
  );
  const all = await scope.caches.keys();
  const older = cachesToDelete(all, buildId, order, new Set());
  const others = older.filter((name) => name.startsWith(`${CACHE_PREFIX}static-`));
  const stillNeeded =
    others.length > 0
      ? await staticCachesStillNeeded(scope, cacheNamesFor(buildId).static, others)
      : new Set<string>();
  const doomed = new Set(cachesToDelete(all, buildId, order, stillNeeded));
  await Promise.all([...doomed].map((name) => scope.caches.delete(name)));
  const remaining = all.filter((name) => !doomed.has(name));
  await updateBuilds(scope, (listed) => buildsToKeep(listed, buildId, remaining));
}

/** Cache first across every build's static cache (an older page may still ask for its own). */
async function fromStatic(scope: WorkerScope, cacheName: string, request: Request): Promise<Response> {
  const cached = await scope.caches.match(request);
  if (cached) return cached;
  const response = await scope.fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void scope.caches.open(cacheName).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** The network within NAVIGATION_TIMEOUT_MS; else (no answer, or a 5xx) the cached page. */
async function fromPage(
  scope: WorkerScope,
  cacheName: string,
  request: Request,
  path: string,
): Promise<Response> {
  const cache = await scope.caches.open(cacheName);
  const network = scope.fetch(request).then((response) => {
    // Kept under its path alone: a query (a reset token, a role) is read by the page itself.
    if (response.ok && !response.redirected) void cache.put(path, response.clone());
    return response;
  });
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS));
  const first = await Promise.race([network.catch(() => null), timeout]);
  // A server error (a proxy's 502 while the app restarts) is no better than no answer.
  if (first && first.status < 500) return first;
  const cached = await cache.match(path);
  return cached ?? network; // nothing cached: wait for the network, or fail as the browser would
}

/** The network first, so a file that is not hashed is never older than the page using it. */
async function fromAsset(scope: WorkerScope, request: Request): Promise<Response> {
  try {
    return await scope.fetch(request);
  } catch (error) {
    const cached = await scope.caches.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

/** The network; a failure becomes a 503 (see Strategy 'rsc'). */
async function fromRsc(scope: WorkerScope, request: Request): Promise<Response> {
  try {
    return await scope.fetch(request);
  } catch {
    return new Response(null, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}

/** Installs the worker's event handlers on `scope` (the worker's global `self`). */
export function startWorker(scope: WorkerScope, config: WorkerConfig): void {
  const names = cacheNamesFor(config.buildId);
  const origin = scope.location.origin;

  scope.addEventListener('install', (event) => {
    // Listed before anything is cached, so an older worker still in charge knows these caches are
    // a newer build's and leaves them alone.
    event.waitUntil(
      updateBuilds(scope, (order) => withBuild(order, config.buildId)).then(() =>
        Promise.all([
          fillCache(scope, names.static, config.assets),
          fillCache(scope, names.pages, config.pages),
        ]),
      ),
    );
    // No skipWaiting here: a new version waits until the user chooses Reload (or every tab closes).
  });

  scope.addEventListener('activate', (event) => event.waitUntil(prune(scope, config.buildId)));

  scope.addEventListener('message', (event) => {
    const type = (event.data as { type?: unknown } | null)?.type;
    if (type === MESSAGES.skipWaiting) event.waitUntil(scope.skipWaiting());
    else if (type === MESSAGES.pageLoaded) event.waitUntil(prune(scope, config.buildId));
  });

  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    const facts = {
      url: request.url,
      method: request.method,
      mode: request.mode,
      rsc: request.headers.has('RSC'),
    };
    const strategy = strategyFor(facts, origin, config.pages);
    if (strategy === 'static') event.respondWith(fromStatic(scope, names.static, request));
    else if (strategy === 'page')
      event.respondWith(
        fromPage(scope, names.pages, request, pagePathFor(new URL(request.url), config.pages)!),
      );
    else if (strategy === 'asset') event.respondWith(fromAsset(scope, request));
    else if (strategy === 'rsc') event.respondWith(fromRsc(scope, request));
  });
}
