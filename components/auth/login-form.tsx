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
import { logIn } from '@/lib/api/auth';
import { ApiError, serverMessageOf } from '@/lib/api/http';
import { dashboardPathFor, parseRole, withRole } from '@/lib/auth/role';
import { SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_REASON } from '@/lib/auth/session-expiry';
import { cn } from '@/lib/cn';
import { StorageQuotaError, StorageUnavailableError } from '@/lib/storage/local-store';
import { saveSession } from '@/lib/storage/session';

const INVALID_CREDENTIALS = 'Invalid credentials';
const TIMEOUT_MESSAGE = 'Request timeout, please try again.';
const SERVER_ERROR_MESSAGE = 'Server error, please try again.';
/** Spec §2 Navbar: the name shown when none is known. Our server always returns one. */
const FALLBACK_NAME = 'User';

const TEXT_LINK = cn('rounded font-semibold text-brand-600 underline-offset-4 hover:underline', FOCUS_RING);

/** The server's own `message` of an HTTP error; absent for timeouts, network failures and bodiless errors. */
/** Spec §8 Log in rows, in the spec's order of precedence. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof StorageUnavailableError || error instanceof StorageQuotaError) return error.message;
  if (error instanceof ApiError && error.kind === 'http')
    return serverMessageOf(error) ?? INVALID_CREDENTIALS;
  if (error instanceof ApiError && error.kind === 'timeout') return TIMEOUT_MESSAGE;
  return SERVER_ERROR_MESSAGE;
}

/** Spec §2 Log in. The redirect follows the role the server returns, not the one in the URL (spec §6). */
export function LoginForm() {
  const router = useRouter();
  const searchParams = useSearchParams();
  const role = parseRole(searchParams?.get('role'));
  const sessionExpired = searchParams?.get('reason') === SESSION_EXPIRED_REASON;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempted, setAttempted] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setAttempted(true);
    setBusy(true);
    try {
      const response = await logIn({ email, password, role });
      // A 2xx without a token is a broken server, not bad credentials.
      if (!response?.token) throw new Error('Login response without a token');
      saveSession({
        token: response.token,
        email: response.user?.email ?? email.trim(),
        name: response.user?.fullName ?? FALLBACK_NAME,
      });
      // Stay busy while the dashboard loads so the form cannot be sent twice.
      router.push(dashboardPathFor(parseRole(response.role ?? response.user?.role)));
    } catch (caught) {
      setError(loginErrorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={role === 'admin' ? 'Admin Login' : 'User Login'}
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link href={withRole('/signup', role)} className={TEXT_LINK}>
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit} className="space-y-4">
        {/* Explains why they are here after a 401; once they try again, the outcome matters more. */}
        {sessionExpired && !attempted ? <FormAlert tone="info">{SESSION_EXPIRED_MESSAGE}</FormAlert> : null}
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
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
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="flex justify-end">
          <Link href={withRole('/forgot-password', role)} className={cn(TEXT_LINK, 'text-sm')}>
            Forgot Password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </Button>
      </form>
    </AuthCard>
  );
}
