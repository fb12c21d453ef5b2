'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { FOCUS_RING } from '@/components/ui/styles';
import { TextField } from '@/components/ui/text-field';
import { registerAccount } from '@/lib/api/auth';
import { serverMessageOf } from '@/lib/api/http';
import { dashboardPathFor, parseRole, withRole } from '@/lib/auth/role';
import { cn } from '@/lib/cn';
import { StorageQuotaError, StorageUnavailableError } from '@/lib/storage/local-store';
import { saveSession } from '@/lib/storage/session';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';

const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match!';
const NO_TOKEN_MESSAGE = 'Failed to receive token. Try again.';
const GENERIC_SIGNUP_ERROR = 'Failed to create an account. Try again.';

/** The server's own `message` of an HTTP error; absent for timeouts, network failures and bodiless errors. */
/** Spec §2 Sign up; the role comes from `?role=` and is sent as chosen (spec §4). */
export function SignupForm() {
  const router = useRouter();
  const role = parseRole(useSearchParams()?.get('role'));
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    // Spec §5: a mismatch is caught here and no request is made.
    if (password !== confirmPassword) {
      setError(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    setBusy(true);
    try {
      const response = await registerAccount({ fullName, email, password, role });
      if (!response?.token) {
        setError(NO_TOKEN_MESSAGE);
        setBusy(false);
        return;
      }
      saveSession({
        token: response.token,
        email: response.user?.email ?? email.trim(),
        name: response.user?.fullName ?? fullName.trim(),
      });
      // Stay busy while the dashboard loads so the form cannot be sent twice.
      router.push(dashboardPathFor(role));
    } catch (caught) {
      // The account exists at this point, so "try again" would only hit the duplicate-email error.
      if (caught instanceof StorageUnavailableError || caught instanceof StorageQuotaError) {
        setError(caught.message);
      } else {
        setError(serverMessageOf(caught) ?? GENERIC_SIGNUP_ERROR);
      }
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={role === 'admin' ? 'Admin Signup' : 'User Signup'}
      footer={
        <>
          Already have an account?{' '}
          <Link
            href={withRole('/login', role)}
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
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          required
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          label="Password"
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
          {busy ? 'Signing Up...' : 'Sign Up'}
        </Button>
      </form>
    </AuthCard>
  );
}
