'use client';

import { IntentLink } from '@/shared/ui/intent-link';
import { useSearchParams } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { AuthCard } from '@/features/accounts/ui/auth-card';
import { AuthForm } from '@/features/accounts/ui/auth-form';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { TEXT_LINK } from '@/shared/ui/styles';
import { confirmEmailAddress, resendConfirmationLink } from '@/features/accounts/client/auth-api';
import { FAILURE_WORDING, describeFailure } from '@/shared/http/failure-message';

const TITLE = 'Confirm Your Email';

/** The page's end: what happened, and the way to Log in. */
function OutcomeCard({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <AuthCard title={TITLE}>
      <div className="space-y-4">
        <FormAlert tone={tone}>{children}</FormAlert>
        <p className="text-center text-sm">
          <IntentLink href="/login" className={TEXT_LINK}>
            Log in
          </IntentLink>
        </p>
      </div>
    </AuthCard>
  );
}

/**
 * The page a confirmation link opens (docs/product.md#confirming-an-email-address). The token is
 * spent by a button, not on load, so that a mail scanner opening the link does not use it up.
 */
export function ConfirmEmailForm() {
  const token = useSearchParams()?.get('token') ?? '';
  const [confirmed, setConfirmed] = useState<string | null>(null);

  if (token === '') {
    return (
      <OutcomeCard tone="error">
        This confirmation link is incomplete. Log in to have a new one sent.
      </OutcomeCard>
    );
  }

  if (confirmed) return <OutcomeCard tone="success">{confirmed}</OutcomeCard>;

  async function send() {
    const answer = await confirmEmailAddress(token);
    setConfirmed(answer?.message ?? 'Your email address is confirmed. You can now log in.');
  }

  return (
    <AuthCard title={TITLE}>
      <AuthForm kind="confirmEmail" send={send}>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Confirm that this email address is yours to finish setting up your account.
        </p>
      </AuthForm>
    </AuthCard>
  );
}

/**
 * The login screen's offer after `EMAIL_NOT_CONFIRMED`: a new link to the address typed, with the
 * server's answer (the same whether or not the address has such an account).
 */
export function ResendConfirmation({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);

  async function resend() {
    setBusy(true);
    try {
      const answer = await resendConfirmationLink(email);
      setOutcome({ tone: 'info', text: answer?.message ?? 'A new link has been sent.' });
    } catch (caught) {
      setOutcome({ tone: 'error', text: describeFailure(caught, FAILURE_WORDING.confirmEmail) });
    }
    setBusy(false);
  }

  return (
    <div className="space-y-3">
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <Button variant="secondary" className="w-full" onClick={resend} disabled={busy}>
        {busy ? 'Sending...' : 'Send a new confirmation link'}
      </Button>
    </div>
  );
}
