'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { FOCUS_RING } from '@/components/ui/styles';
import { submitNewPassword } from '@/lib/api/auth';
import { ApiError, serverMessageOf } from '@/lib/api/http';
import { withRole } from '@/lib/auth/role';
import { cn } from '@/lib/cn';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';

const TITLE = 'Set a New Password';
const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match!';
const SUCCESS_MESSAGE = 'Password reset successful! Please log in.';
const GENERIC_FAILURE = 'Failed to reset password.';
const OTHER_FAILURE = 'Something went wrong. Try again.';

const TEXT_LINK = cn('rounded font-semibold text-brand-600 underline-offset-4 hover:underline', FOCUS_RING);

/** The server's own `message` of an HTTP error; absent for timeouts, network failures and bodiless errors. */
/** Spec §8 Reset password: an answer from the server versus no answer at all. */
function resetErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http') return serverMessageOf(error) ?? GENERIC_FAILURE;
  return OTHER_FAILURE;
}

/** Spec §2 Reset password: the token comes from the emailed link's query string. */
export function ResetPasswordForm() {
  const router = useRouter();
  const token = useSearchParams()?.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  // Without a token the server can only refuse, so say so before the user types a new password.
  if (token === '') {
    return (
      <AuthCard title={TITLE}>
        <div className="space-y-4">
          <FormAlert tone="error">This reset link is incomplete. Request a new one.</FormAlert>
          <p className="text-center text-sm">
            <Link href="/forgot-password" className={TEXT_LINK}>
              Request a new reset link
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title={TITLE}>
        <div className="space-y-4">
          <FormAlert tone="success">{SUCCESS_MESSAGE}</FormAlert>
          {/* Spec §2: buttons, one per role, each opening the login screen for that role. */}
          <div className="grid gap-3 sm:grid-cols-2">
            <Button onClick={() => router.push(withRole('/login', 'user'))}>User Login</Button>
            <Button variant="secondary" onClick={() => router.push(withRole('/login', 'admin'))}>
              Admin Login
            </Button>
          </div>
        </div>
      </AuthCard>
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (password !== confirmPassword) {
      setError(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    setBusy(true);
    try {
      await submitNewPassword({ token, password });
      setDone(true);
    } catch (caught) {
      setError(resetErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={TITLE}
      footer={
        <>
          Link not working?{' '}
          <Link href="/forgot-password" className={TEXT_LINK}>
            Request a new one
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit} className="space-y-4">
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <PasswordField
          label="New Password"
          name="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
