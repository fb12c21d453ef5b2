'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import type { SessionGrant } from '@/lib/api/auth';
import { describeFailure, type FailureWording } from '@/lib/api/failure-message';
import { saveSession } from '@/lib/storage/session';

/**
 * The form of every account screen: a notice and the error alert above the fields, one full-width
 * submit button below. It sends one request at a time: `check` may refuse first (its text becomes the
 * alert and nothing is sent); a failure is worded by `wording`; when `send` resolves to a path the
 * form goes there and stays busy while it loads, so it cannot be sent twice.
 */
export function AuthForm({
  wording,
  check,
  send,
  locked = false,
  notice,
  submitLabel,
  busyLabel,
  children,
}: {
  wording: FailureWording;
  check?: () => string | null;
  send: () => Promise<string | void>;
  /** Nothing more to send (a reset link is on its way). */
  locked?: boolean;
  notice?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || locked) return;
    const refusal = check?.() ?? null;
    setError(refusal);
    if (refusal) return;
    setBusy(true);
    try {
      const next = await send();
      if (next) {
        router.push(next);
        return;
      }
    } catch (caught) {
      setError(describeFailure(caught, wording));
    }
    setBusy(false);
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-4">
      {notice}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {children}
      <Button type="submit" className="w-full" disabled={busy || locked}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}

/** Keeps the session a log in or sign up opened; what the answer leaves out comes from the form. */
export function keepSession(grant: SessionGrant, typed: { email: string; name: string }): void {
  saveSession({
    token: grant.token,
    email: grant.user?.email ?? typed.email.trim(),
    name: grant.user?.fullName ?? typed.name,
  });
}
