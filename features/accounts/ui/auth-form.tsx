'use client';

import { useRouter } from 'next/navigation';
import { useState, type ChangeEvent, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { OfflineNotice } from '@/shared/ui/offline-notice';
import { TextField } from '@/shared/ui/text-field';
import type { SessionGrant } from '@/features/accounts/client/auth-api';
import { FAILURE_WORDING, describeFailure } from '@/shared/http/failure-message';
import { OFFLINE_TEXT } from '@/shared/content/offline';
import { saveSession } from '@/shared/session/session';

/** Each account form's failure wording and its submit button, idle and busy. */
const FORMS = {
  login: { wording: FAILURE_WORDING.login, submit: 'Login', busy: 'Logging in...' },
  twoFactor: { wording: FAILURE_WORDING.twoFactor, submit: 'Verify', busy: 'Verifying...' },
  signup: { wording: FAILURE_WORDING.signup, submit: 'Sign Up', busy: 'Signing Up...' },
  forgotPassword: { wording: FAILURE_WORDING.forgotPassword, submit: 'Send Reset Link', busy: 'Sending...' },
  resetPassword: { wording: FAILURE_WORDING.resetPassword, submit: 'Reset Password', busy: 'Resetting...' },
  confirmEmail: {
    wording: FAILURE_WORDING.confirmEmail,
    submit: 'Confirm email address',
    busy: 'Confirming...',
  },
} as const;

/**
 * The form of every account screen: a notice and the error alert above the fields, one full-width
 * submit button below. It sends one request at a time: `check` may refuse first (its text becomes
 * the alert and nothing is sent); a failure is worded from the error catalogue; when `send` resolves
 * to a path the form goes there and stays busy while it loads, so it cannot be sent twice.
 */
export function AuthForm({
  kind,
  check,
  send,
  locked = false,
  notice,
  children,
}: {
  kind: keyof typeof FORMS;
  check?: () => string | null;
  send: () => Promise<string | void>;
  /** Nothing more to send (a reset link is on its way). */
  locked?: boolean;
  notice?: ReactNode;
  children: ReactNode;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = FORMS[kind];

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
      setError(describeFailure(caught, form.wording));
    }
    setBusy(false);
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-4">
      {notice}
      {/* Every account screen needs the server: say so while offline (the error below stays as it is). */}
      {locked ? null : <OfflineNotice text={OFFLINE_TEXT[kind]} />}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {children}
      <Button type="submit" className="w-full" disabled={busy || locked}>
        {busy ? form.busy : form.submit}
      </Button>
    </form>
  );
}

/** A controlled input's state, as the `value` and `onChange` to spread on it. */
export function useTextInput() {
  const [value, setValue] = useState('');
  return { value, onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value) };
}

/** The required Email field of log in, sign up and forgot password. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return <TextField label="Email" name="email" type="email" autoComplete="email" required {...props} />;
}

/** Keeps the session a log in or sign up opened; what the answer leaves out comes from the form. */
export function keepSession(grant: SessionGrant, typed: { email: string; name: string }): void {
  saveSession({
    token: grant.token,
    email: grant.user?.email ?? typed.email.trim(),
    name: grant.user?.fullName ?? typed.name,
  });
}
