'use client';

import { notFound, useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { resolveTaskKey } from '@/features/projects/client/projects-api';
import { withTaskParam } from '@/features/tasks/model/task-link';
import { loginReturningTo } from '@/shared/auth/return-path';
import { ApiError } from '@/shared/http/http';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { getStoredToken } from '@/shared/session/session';
import { writeLinkCookie } from '@/shared/session/link-cookie';
import { LoadError, LoadingLine } from '@/shared/ui/load-error';

export const TASK_LINK_TEXTS = {
  opening: (key: string) => `Opening ${key}…`,
  failed: 'Could not open this task',
} as const;

type State = { status: 'opening' } | { status: 'missing' } | { status: 'error'; message: string };

/**
 * `/t/{KEY}-{N}` (docs/product.md#task-keys): a signed-out visitor goes to log in first, for every
 * key alike, and comes back here after; then the server says which task the key names (an old key
 * after a move too) and the task opens on its project's board. A key the person may not see shows
 * the app's not-found page, the same as one that names nothing.
 */
export function TaskLink({ taskKey }: { taskKey: string }) {
  const router = useRouter();
  const [state, setState] = useState<State>({ status: 'opening' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const token = getStoredToken();
    if (!token) {
      router.replace(loginReturningTo(`/t/${taskKey}`));
      return;
    }
    // A session of before the cookie (or one whose cookie went): the next link is the server's to answer.
    writeLinkCookie(token);
    let active = true;
    resolveTaskKey(taskKey).then(
      (resolved) => {
        if (!active) return;
        const board = `project=${encodeURIComponent(resolved.projectKey)}`;
        router.replace(`/user/dashboard${withTaskParam(board, resolved.uid)}`);
      },
      (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'missing' });
        else setState({ status: 'error', message: describeRequestFailure(error, TASK_LINK_TEXTS.failed) });
      },
    );
    return () => {
      active = false;
    };
  }, [taskKey, router, attempt]);

  if (state.status === 'missing') notFound();
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      {state.status === 'error' ? (
        <LoadError
          message={state.message}
          onRetry={() => {
            setState({ status: 'opening' });
            setAttempt((value) => value + 1);
          }}
        />
      ) : (
        <LoadingLine>{TASK_LINK_TEXTS.opening(taskKey)}</LoadingLine>
      )}
    </main>
  );
}
