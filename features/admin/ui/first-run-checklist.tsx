'use client';

import { CheckCircle2, Circle } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/shared/ui/button';
import { FOCUS_RING } from '@/shared/ui/styles';
import {
  FIRST_RUN_STEPS,
  FIRST_RUN_STEP_LINKS,
  firstRunProgressText,
  isFirstRunChecklistShown,
  type FirstRunState,
  type FirstRunStep,
} from '@/features/admin/model/first-run';
import { dismissFirstRun, fetchFirstRun } from '@/features/admin/client/first-run-api';
import { cn } from '@/shared/cn';
import { useServerValue } from '@/shared/hooks/use-server-value';
import { reportRequestFailure } from '@/shared/http/report-failure';
import { SECTION_CARD } from '@/shared/ui/table-styles';

/**
 * The first run's checklist on the team admin dashboard (docs/product.md#admin-dashboard): four
 * steps, each a link to where it is done and ticked as the server knows it, until every step is done
 * or an admin dismisses it (for the whole install). Nothing shows while it loads or when the read
 * fails: it is a guide, the dashboard works without it.
 */
export function FirstRunChecklist() {
  const { state, update } = useServerValue(
    (signal) => fetchFirstRun({ signal }),
    'Could not load the checklist',
  );
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  useRefreshWhenShown(update);
  if (state.status !== 'ready' || !isFirstRunChecklistShown(state.value)) return null;
  const checklist = state.value;

  async function dismiss() {
    if (busy) return;
    setBusy(true);
    try {
      const { state: next, message } = await dismissFirstRun();
      update(() => next);
      toast.success(message ?? 'Checklist dismissed.');
    } catch (error) {
      reportRequestFailure('Failed to dismiss the checklist', error);
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className={cn(SECTION_CARD, 'space-y-4 p-4 sm:p-6')}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Get your team started
          </h2>
          <p className="mt-1 text-sm text-slate-600">{firstRunProgressText(checklist)}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={dismiss} disabled={busy}>
          {busy ? 'Dismissing...' : 'Dismiss checklist'}
        </Button>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {FIRST_RUN_STEPS.map((step) => (
          <StepItem key={step} step={step} done={checklist.steps[step]} />
        ))}
      </ul>
    </section>
  );
}

/** A step done in another tab (an invitation sent, labels made) ticks when this one is shown again. */
function useRefreshWhenShown(update: (change: (value: FirstRunState) => FirstRunState) => void) {
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      fetchFirstRun().then(
        (next) => update(() => next),
        () => undefined, // The shown state stays; the next return to the tab tries again.
      );
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, [update]);
}

/** One step: ticked or not, a link to where it is done, and 'Done' or 'To do'. */
function StepItem({ step, done }: { step: FirstRunStep; done: boolean }) {
  const { label, href } = FIRST_RUN_STEP_LINKS[step];
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
      <Icon
        aria-hidden="true"
        className={cn('size-5 shrink-0', done ? 'text-emerald-600' : 'text-slate-400')}
      />
      <Link
        href={href}
        className={cn(
          'min-w-0 flex-1 text-sm font-medium text-brand-800 underline-offset-2 hover:underline',
          done && 'text-slate-600 line-through',
          FOCUS_RING,
        )}
      >
        {label}
      </Link>
      <span className={cn('text-xs font-medium', done ? 'text-emerald-700' : 'text-slate-600')}>
        {done ? 'Done' : 'To do'}
      </span>
    </li>
  );
}
