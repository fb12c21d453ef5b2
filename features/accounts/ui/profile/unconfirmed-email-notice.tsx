'use client';

import { useState } from 'react';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { resendConfirmationLink } from '@/features/accounts/client/auth-api';
import { FAILURE_WORDING, describeFailure } from '@/shared/http/failure-message';

/**
 * Team mode's profiles, for an account whose address was never proved
 * (docs/product.md#confirming-an-email-address): a quiet line offering a confirmation link.
 */
export function UnconfirmedEmailNotice({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);

  async function send() {
    setBusy(true);
    try {
      const answer = await resendConfirmationLink(email);
      setOutcome({ tone: 'info', text: answer?.message ?? 'A confirmation link has been sent.' });
    } catch (caught) {
      setOutcome({ tone: 'error', text: describeFailure(caught, FAILURE_WORDING.confirmEmail) });
    }
    setBusy(false);
  }

  return (
    <section
      aria-label="Email confirmation"
      className="space-y-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-200"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p>Your email address is not confirmed yet: a link mailed to it proves it is yours.</p>
        <Button variant="secondary" size="sm" onClick={send} disabled={busy} className="shrink-0">
          {busy ? 'Sending...' : 'Send a confirmation link'}
        </Button>
      </div>
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
    </section>
  );
}
