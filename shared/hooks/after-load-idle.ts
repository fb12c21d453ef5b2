/** How long the idle callback may wait for an idle moment before it runs anyway. */
export const IDLE_TIMEOUT_MS = 10_000;
/** Where the browser has no requestIdleCallback (Safari): this long after the load event. */
export const NO_IDLE_CALLBACK_DELAY_MS = 2_000;

/**
 * Runs `task` once the page has loaded and then the main thread is idle (`requestIdleCallback`):
 * the page's scripts, its hydration and first render come first, so work that can wait (the
 * service worker's install, which downloads and caches the whole build; code for a part of the
 * page below its first screen) never competes with them. `timeoutMs`: the longest wait for an idle
 * moment. Returns a function that cancels it.
 */
export function afterLoadWhenIdle(
  task: () => void,
  { target = window, timeoutMs = IDLE_TIMEOUT_MS }: { target?: Window; timeoutMs?: number } = {},
): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (typeof target.requestIdleCallback === 'function') {
      idle = target.requestIdleCallback(() => task(), { timeout: timeoutMs });
    } else {
      timer = setTimeout(task, Math.min(NO_IDLE_CALLBACK_DELAY_MS, timeoutMs));
    }
  };
  if (target.document.readyState === 'complete') whenIdle();
  else target.addEventListener('load', whenIdle, { once: true });
  return () => {
    target.removeEventListener('load', whenIdle);
    if (idle !== undefined) target.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
