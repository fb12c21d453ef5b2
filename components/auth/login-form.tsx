'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthForm, keepSession } from '@/components/auth/auth-form';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { TEXT_LINK } from '@/components/ui/styles';
import { TextField } from '@/components/ui/text-field';
import { logIn } from '@/lib/api/auth';
import { FAILURE_WORDING } from '@/lib/api/failure-message';
import { dashboardPathFor, parseRole, withRole } from '@/lib/auth/role';
import { SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_REASON } from '@/lib/auth/session-expiry';
import { cn } from '@/lib/cn';

/** The name shown when none is known. Our server always returns one. */
const FALLBACK_NAME = 'User';

/** Log in. The redirect follows the role the server returns, not the one in the URL. */
export function LoginForm() {
  const searchParams = useSearchParams();
  const role = parseRole(searchParams?.get('role'));
  const sessionExpired = searchParams?.get('reason') === SESSION_EXPIRED_REASON;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);

  async function send() {
    setAttempted(true);
    const grant = await logIn({ email, password, role });
    keepSession(grant, { email, name: FALLBACK_NAME });
    return dashboardPathFor(parseRole(grant.role ?? grant.user?.role));
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
      <AuthForm
        wording={FAILURE_WORDING.login}
        send={send}
        submitLabel="Login"
        busyLabel="Logging in..."
        notice={
          // Explains why they are here after a 401; once they try again, the outcome matters more.
          sessionExpired && !attempted ? <FormAlert tone="info">{SESSION_EXPIRED_MESSAGE}</FormAlert> : null
        }
      >
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
      </AuthForm>
    </AuthCard>
  );
}
