'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { ApiError } from '@/shared/http/http';

export type ServerValueState<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; value: T };

/**
 * One admin API read for a screen section: loading, failed (worded as `failureText` plus the
 * server's or the client's reason, logged to the console) or ready; `retry` asks again and `update`
 * applies a local change once ready (a save, a revoke) without another request.
 */
export function useServerValue<T>(load: (signal: AbortSignal) => Promise<T>, failureText: string) {
  const [state, setState] = useState<ServerValueState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);

  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ status: 'ready', value });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A refused session is not a fault of this block: the screen's own requests deal with it.
        if (!(error instanceof ApiError && error.status === 401)) console.error(failureText, error);
        setState({ status: 'error', message: describeRequestFailure(error, failureText) });
      },
    );
    return () => controller.abort();
  }, [attempt, failureText]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  const update = useCallback((change: (value: T) => T) => {
    setState((current) =>
      current.status === 'ready' ? { status: 'ready', value: change(current.value) } : current,
    );
  }, []);

  return { state, retry, update };
}
