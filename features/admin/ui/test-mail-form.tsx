'use client';

import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { OfflineNotice } from '@/shared/ui/offline-notice';
import { TextField } from '@/shared/ui/text-field';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { serverMessageOf } from '@/shared/http/http';
import { sendTestMail } from '@/features/admin/client/test-mail-api';
import { OFFLINE_TEXT } from '@/shared/content/offline';

const FAILED = 'Failed to send the test email';

type Outcome = { tone: 'success' | 'info' | 'error'; text: string };

/**
 * Admin Settings' 'Outgoing Mail' (docs/product.md#send-a-test-email): sends a short test email through the
 * server's SMTP_URL and shows what happened, the mail server's error in words when it fails.
 */
export function TestMailForm() {
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const sent = await sendTestMail(to);
      setOutcome({ tone: sent.delivered === 'smtp' ? 'success' : 'info', text: sent.message });
      if (sent.delivered === 'smtp') toast.success(sent.message);
    } catch (error) {
      // The server's own answer (the mail server's error in words, a bad address, the rate limit) is
      // what the admin asked to see, not a fault of the page: only other failures are logged.
      if (serverMessageOf(error) === undefined) console.error(FAILED, error);
      const text = describeRequestFailure(error, FAILED);
      setOutcome({ tone: 'error', text });
      toast.error(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      id="outgoing-mail"
      onSubmit={handleSubmit}
      noValidate
      className="scroll-mt-36 space-y-4"
      aria-busy={busy}
    >
      <OfflineNotice text={OFFLINE_TEXT.testMail} />
      <p className="text-sm text-slate-600">
        Check that this server can send mail: password reset links, invitations and reminders go out the same
        way.
      </p>
      <TextField
        label="Send to"
        name="testMailTo"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        hint="Leave empty to send it to your own account's email."
      />
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        {busy ? 'Sending...' : 'Send a Test Email'}
      </Button>
    </form>
  );
}
