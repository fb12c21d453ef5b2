import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadWhenIdle, IDLE_TIMEOUT_MS, NO_IDLE_CALLBACK_DELAY_MS } from './after-load-idle';

/** A window with just what afterLoadWhenIdle uses: its document's state, `load`, and idle callbacks. */
function fakeWindow({ loaded, idleCallbacks }: { loaded: boolean; idleCallbacks: boolean }) {
  const listeners = new Set<() => void>();
  const idle: Array<{ run: () => void; options?: IdleRequestOptions }> = [];
  const target = {
    document: { readyState: loaded ? 'complete' : 'interactive' },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    ...(idleCallbacks
      ? {
          requestIdleCallback: (run: () => void, options?: IdleRequestOptions) => idle.push({ run, options }),
          cancelIdleCallback: (handle: number) => idle.splice(handle - 1, 1),
        }
      : {}),
  };
  const load = () => {
    target.document.readyState = 'complete';
    for (const listener of [...listeners]) listener();
    listeners.clear();
  };
  return { target: target as unknown as Window, idle, load, listeners };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('afterLoadWhenIdle', () => {
  it('waits for the load event, then for an idle moment', () => {
    const task = vi.fn();
    const page = fakeWindow({ loaded: false, idleCallbacks: true });
    afterLoadWhenIdle(task, { target: page.target });
    expect(page.idle).toHaveLength(0);
    page.load();
    expect(page.idle).toHaveLength(1);
    expect(page.idle[0]?.options).toEqual({ timeout: IDLE_TIMEOUT_MS });
    expect(task).not.toHaveBeenCalled();
    page.idle[0]?.run();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('asks for the idle moment at once on a page that has loaded already', () => {
    const task = vi.fn();
    const page = fakeWindow({ loaded: true, idleCallbacks: true });
    afterLoadWhenIdle(task, { target: page.target });
    page.idle[0]?.run();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without idle callbacks (Safari), runs a while after the load event', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const page = fakeWindow({ loaded: false, idleCallbacks: false });
    afterLoadWhenIdle(task, { target: page.target });
    page.load();
    vi.advanceTimersByTime(NO_IDLE_CALLBACK_DELAY_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits for idleness no longer than the timeout it is given, with or without idle callbacks', () => {
    vi.useFakeTimers();
    const page = fakeWindow({ loaded: true, idleCallbacks: true });
    afterLoadWhenIdle(vi.fn(), { target: page.target, timeoutMs: 1500 });
    expect(page.idle[0]?.options).toEqual({ timeout: 1500 });
    const task = vi.fn();
    const safari = fakeWindow({ loaded: true, idleCallbacks: false });
    afterLoadWhenIdle(task, { target: safari.target, timeoutMs: 500 });
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('cancelled before the load event, never runs', () => {
    const task = vi.fn();
    const page = fakeWindow({ loaded: false, idleCallbacks: true });
    const cancel = afterLoadWhenIdle(task, { target: page.target });
    cancel();
    expect(page.listeners.size).toBe(0);
    page.load();
    expect(page.idle).toHaveLength(0);
    expect(task).not.toHaveBeenCalled();
  });
});
