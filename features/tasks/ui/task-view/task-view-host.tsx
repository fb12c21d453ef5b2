'use client';

import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { Suspense, useEffect } from 'react';
import { REVIEW_PARAM, REVIEW_REPLACED, TASK_PARAM } from '@/features/tasks/model/task-link';
import { requestReplacedReview } from '@/features/tasks/model/replaced-review';
import { forgetOpenedTask } from './open-task';

const loadTaskView = () => import('./task-view');

/** The view's code loads when a task is first opened, not with the page (docs/decisions/0010). */
const TaskView = dynamic(() => loadTaskView().then((module) => module.TaskView), {
  ssr: false,
  loading: () => (
    <p
      role="status"
      className="fixed inset-x-0 top-4 z-50 mx-auto w-fit rounded-lg bg-slate-900 px-3 py-2 text-sm text-white"
    >
      Opening task…
    </p>
  ),
});

/**
 * Mounted once per signed-in area: shows the task view while the address holds `?task={key}`
 * (docs/product.md#the-task-view). `admin`: opened from the admin pages (status can be changed there).
 */
export function TaskViewHost({ admin = false }: { admin?: boolean }) {
  return (
    <Suspense fallback={null}>
      <TaskViewFromAddress admin={admin} />
    </Suspense>
  );
}

/**
 * The first sign of a user at work on the page (a pointer over it, a touch, focus moving) fetches the
 * view's code, so the first task opened seldom waits for it; a page merely loaded does not.
 */
function usePrefetchOnIntent(): void {
  useEffect(() => {
    const events = ['pointerover', 'touchstart', 'focusin'] as const;
    const prefetch = () => {
      for (const name of events) document.removeEventListener(name, prefetch, true);
      void loadTaskView().catch(() => undefined);
    };
    for (const name of events) document.addEventListener(name, prefetch, { capture: true, passive: true });
    return () => {
      for (const name of events) document.removeEventListener(name, prefetch, true);
    };
  }, []);
}

function TaskViewFromAddress({ admin }: { admin: boolean }) {
  usePrefetchOnIntent();
  const params = useSearchParams();
  const key = params?.get(TASK_PARAM) ?? null;
  const review = key !== null && params?.get(REVIEW_PARAM) === REVIEW_REPLACED;
  useEffect(() => {
    if (key === null) forgetOpenedTask();
  }, [key]);
  useEffect(() => {
    // A digest's `replaced` link: the view opens at the replaced values, once (the parameter goes).
    if (!review || key === null) return;
    requestReplacedReview(key);
    const url = new URL(window.location.href);
    url.searchParams.delete(REVIEW_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }, [review, key]);
  return key === null ? null : <TaskView key={key} taskKey={key} admin={admin} />;
}
