import { MESSAGES } from './messages';

/** Where the worker is served (scope `/`), built by scripts/prepare-standalone.mjs. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * The `/_next/static/` files this page runs: its scripts and stylesheets, and whatever it loaded
 * since (lazy chunks). The worker asks before deleting an older build's files.
 */
export function listPageAssets(): string[] {
  const urls = new Set<string>();
  const add = (url: string) => {
    const parsed = new URL(url, location.href);
    if (parsed.origin === location.origin && parsed.pathname.startsWith('/_next/static/'))
      urls.add(parsed.pathname);
  };
  for (const element of document.querySelectorAll<HTMLScriptElement>('script[src]')) add(element.src);
  for (const element of document.querySelectorAll<HTMLLinkElement>('link[href]')) add(element.href);
  for (const entry of performance.getEntriesByType('resource')) add(entry.name);
  return [...urls];
}

/**
 * Registers the worker (production builds only; call after the page's load) and reports a new
 * version that is installed and waiting while this page runs the current one. The first install
 * reports nothing: there is no older version to replace.
 */
export async function registerServiceWorker(onUpdate: (waiting: ServiceWorker) => void): Promise<void> {
  const container = navigator.serviceWorker;
  container.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === MESSAGES.assetsQuery) {
      event.ports[0]?.postMessage(listPageAssets());
    }
  });
  container.startMessages();
  const registration = await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  container.controller?.postMessage({ type: MESSAGES.pageLoaded });
  const report = (worker: ServiceWorker | null) => {
    if (worker && container.controller) onUpdate(worker);
  };
  report(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') report(installing);
    });
  });
}

/** Reload: the waiting worker takes over, and this page reloads once it controls the page. */
export function activateUpdate(waiting: ServiceWorker): void {
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  });
  waiting.postMessage({ type: MESSAGES.skipWaiting });
}
