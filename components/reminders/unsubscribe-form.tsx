'use client';

import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { serverMessageOf } from '@/lib/api/http';
import { unsubscribeFromReminders } from '@/lib/api/reminders';

const TITLE = 'Stop reminder emails';
export const UNSUBSCRIBE_TEXTS = {
  intro:
    'Turn off the morning reminder emails Tasklane sends you? You can turn them on again on the Notifications page.',
  button: 'Unsubscribe',
  busy: 'Unsubscribing...',
  incomplete:
    'This unsubscribe link is incomplete. You can turn reminder emails off on the Notifications page.',
  done: 'You are unsubscribed. Tasklane will not send you reminder emails any more.',
  failed: 'Could not unsubscribe. Check your connection and try again.',
} as const;

/**
 * The email's visible unsubscribe link opens this page; the button does the POST (mail scanners
 * prefetch GET links, so opening the link alone changes nothing). docs/product.md#reminders.
 */
export function UnsubscribeForm() {
  const token = useSearchParams()?.get('token') ?? '';
  const [state, setState] = useState<
    { status: 'idle' } | { status: 'busy' } | { status: 'done' } | { status: 'error'; message: string }
  >({ status: 'idle' });

  if (token === '') {
    return (
      <AuthCard title={TITLE}>
        <FormAlert tone="error">{UNSUBSCRIBE_TEXTS.incomplete}</FormAlert>
      </AuthCard>
    );
  }

  if (state.status === 'done') {
    return (
      <AuthCard title={TITLE}>
        <FormAlert tone="success">{UNSUBSCRIBE_TEXTS.done}</FormAlert>
      </AuthCard>
    );
  }

  async function confirm() {
    setState({ status: 'busy' });
    try {
      await unsubscribeFromReminders(token);
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'error', message: serverMessageOf(error) ?? UNSUBSCRIBE_TEXTS.failed });
    }
  }

  return (
    <AuthCard title={TITLE}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{UNSUBSCRIBE_TEXTS.intro}</p>
        {state.status === 'error' ? <FormAlert tone="error">{state.message}</FormAlert> : null}
        <Button className="w-full" onClick={confirm} disabled={state.status === 'busy'}>
          {state.status === 'busy' ? UNSUBSCRIBE_TEXTS.busy : UNSUBSCRIBE_TEXTS.button}
        </Button>
      </div>
    </AuthCard>
  );
}
