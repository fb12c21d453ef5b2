'use client';

import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { AuthCard } from '@/features/accounts/ui/auth-card';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { serverMessageOf } from '@/shared/http/http';
import { unsubscribeFromReminders } from '@/features/reminders/client/reminders-api';

const TITLE = 'Stop reminder emails';
/** The digest's link (`email=digest`): the same page, with words for that email. */
export const DIGEST_UNSUBSCRIBE_TEXTS = {
  title: 'Stop emails of what you miss',
  intro:
    'Turn off the emails Tasklane sends you with the notifications you have not read? The morning reminder email, if you have it, stays on. You can turn them on again on the Notifications page.',
  done: 'You are unsubscribed. Tasklane will not email you what you miss any more.',
} as const;
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
  const params = useSearchParams();
  const token = params?.get('token') ?? '';
  const digest = params?.get('email') === 'digest';
  const title = digest ? DIGEST_UNSUBSCRIBE_TEXTS.title : TITLE;
  const [state, setState] = useState<
    | { status: 'idle' }
    | { status: 'busy' }
    | { status: 'done'; message: string }
    | { status: 'error'; message: string }
  >({ status: 'idle' });

  if (token === '') {
    return (
      <AuthCard title={title}>
        <FormAlert tone="error">{UNSUBSCRIBE_TEXTS.incomplete}</FormAlert>
      </AuthCard>
    );
  }

  if (state.status === 'done') {
    return (
      <AuthCard title={title}>
        <FormAlert tone="success">{state.message}</FormAlert>
      </AuthCard>
    );
  }

  async function confirm() {
    setState({ status: 'busy' });
    try {
      // The server says which email the token turned off (the page's `email` only picks its words).
      const { message } = await unsubscribeFromReminders(token);
      setState({
        status: 'done',
        message: message || (digest ? DIGEST_UNSUBSCRIBE_TEXTS.done : UNSUBSCRIBE_TEXTS.done),
      });
    } catch (error) {
      setState({ status: 'error', message: serverMessageOf(error) ?? UNSUBSCRIBE_TEXTS.failed });
    }
  }

  return (
    <AuthCard title={title}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          {digest ? DIGEST_UNSUBSCRIBE_TEXTS.intro : UNSUBSCRIBE_TEXTS.intro}
        </p>
        {state.status === 'error' ? <FormAlert tone="error">{state.message}</FormAlert> : null}
        <Button className="w-full" onClick={confirm} disabled={state.status === 'busy'}>
          {state.status === 'busy' ? UNSUBSCRIBE_TEXTS.busy : UNSUBSCRIBE_TEXTS.button}
        </Button>
      </div>
    </AuthCard>
  );
}
