'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthForm } from '@/components/auth/auth-form';
import { FormAlert } from '@/components/ui/form-alert';
import { TEXT_LINK } from '@/components/ui/styles';
import { TextField } from '@/components/ui/text-field';
import { requestPasswordResetLink } from '@/lib/api/auth';
import { FAILURE_WORDING } from '@/lib/api/failure-message';
import { parseRole, withRole } from '@/lib/auth/role';
import { FORGOT_PASSWORD_REDIRECT_MS } from '@/lib/constants';

const SUCCESS_MESSAGE = 'Reset link sent successfully. Check your email.';

/** Forgot password; after a success it returns to /login with the role. */
export function ForgotPasswordForm() {
  const router = useRouter();
  const role = parseRole(useSearchParams()?.get('role'));
  const loginPath = withRole('/login', role);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => router.push(loginPath), FORGOT_PASSWORD_REDIRECT_MS);
    // Leaving the page before the delay must not yank the user back to /login later.
    return () => clearTimeout(timer);
  }, [sent, router, loginPath]);

  async function send() {
    await requestPasswordResetLink({ email, role });
    setSent(true);
  }

  return (
    <AuthCard
      title={role === 'admin' ? 'Admin Password Recovery' : 'Reset Your Password'}
      footer={
        <>
          Remembered it?{' '}
          <Link href={loginPath} className={TEXT_LINK}>
            Log in
          </Link>
        </>
      }
    >
      {/* Locked after a success: the redirect is on its way and a second link would replace the first. */}
      <AuthForm
        wording={FAILURE_WORDING.forgotPassword}
        send={send}
        locked={sent}
        submitLabel="Send Reset Link"
        busyLabel="Sending..."
        notice={sent ? <FormAlert tone="success">{SUCCESS_MESSAGE}</FormAlert> : null}
      >
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
      </AuthForm>
    </AuthCard>
  );
}
