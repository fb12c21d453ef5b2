'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FOCUS_RING } from '@/components/ui/styles';
import { TextField } from '@/components/ui/text-field';
import { requestPasswordResetLink } from '@/lib/api/auth';
import { ApiError, serverMessageOf } from '@/lib/api/http';
import { parseRole, withRole } from '@/lib/auth/role';
import { cn } from '@/lib/cn';
import { FORGOT_PASSWORD_REDIRECT_MS } from '@/lib/constants';

const SUCCESS_MESSAGE = 'Reset link sent successfully. Check your email.';
const GENERIC_FAILURE = 'Something went wrong.';
const NETWORK_FAILURE = 'Failed to send reset link. Please try again.';

/** The server's own `message` of an HTTP error; absent for timeouts, network failures and bodiless errors. */
/** Spec §8 Forgot password: an answer from the server versus no answer at all. */
function forgotErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http') return serverMessageOf(error) ?? GENERIC_FAILURE;
  return NETWORK_FAILURE;
}

/** Spec §2 Forgot password; after a success it returns to /login with the role (spec §4, §9). */
export function ForgotPasswordForm() {
  const router = useRouter();
  const role = parseRole(useSearchParams()?.get('role'));
  const loginPath = withRole('/login', role);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => router.push(loginPath), FORGOT_PASSWORD_REDIRECT_MS);
    // Leaving the page before the delay must not yank the user back to /login later.
    return () => clearTimeout(timer);
  }, [sent, router, loginPath]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || sent) return;
    setError(null);
    setBusy(true);
    try {
      await requestPasswordResetLink({ email, role });
      setSent(true);
    } catch (caught) {
      setError(forgotErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={role === 'admin' ? 'Admin Password Recovery' : 'Reset Your Password'}
      footer={
        <>
          Remembered it?{' '}
          <Link
            href={loginPath}
            className={cn(
              'rounded font-semibold text-brand-600 underline-offset-4 hover:underline',
              FOCUS_RING,
            )}
          >
            Log in
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit} className="space-y-4">
        {sent ? <FormAlert tone="success">{SUCCESS_MESSAGE}</FormAlert> : null}
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <p className="text-sm text-slate-600">
          Enter your account&apos;s email and we will send you a reset link.
        </p>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          readOnly={sent}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {/* Disabled after a success: the redirect is on its way and a second link would replace the first. */}
        <Button type="submit" className="w-full" disabled={busy || sent}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthCard>
  );
}
