'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { AuthCard } from '@/features/accounts/ui/auth-card';
import { AuthForm, EmailField, useTextInput } from '@/features/accounts/ui/auth-form';
import { FormAlert } from '@/shared/ui/form-alert';
import { requestPasswordResetLink } from '@/features/accounts/client/auth-api';
import { parseRole, withRole } from '@/shared/auth/role';
import { FORGOT_PASSWORD_REDIRECT_MS } from '@/shared/constants';

const SUCCESS_MESSAGE = 'Reset link sent successfully. Check your email.';

/** Forgot password; after a success it returns to /login with the role. */
export function ForgotPasswordForm() {
  const router = useRouter();
  const role = parseRole(useSearchParams()?.get('role'));
  const loginPath = withRole('/login', role);
  const email = useTextInput();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => router.push(loginPath), FORGOT_PASSWORD_REDIRECT_MS);
    // Leaving the page before the delay must not yank the user back to /login later.
    return () => clearTimeout(timer);
  }, [sent, router, loginPath]);

  async function send() {
    await requestPasswordResetLink({ email: email.value, role });
    setSent(true);
  }

  return (
    <AuthCard
      title={role === 'admin' ? 'Admin Password Recovery' : 'Reset Your Password'}
      footer={{ prompt: 'Remembered it?', href: loginPath, link: 'Log in' }}
    >
      {/* Locked after a success: the redirect is on its way and a second link would replace the first. */}
      <AuthForm
        kind="forgotPassword"
        send={send}
        locked={sent}
        notice={sent ? <FormAlert tone="success">{SUCCESS_MESSAGE}</FormAlert> : null}
      >
        <p className="text-sm text-slate-600">
          Enter your account&apos;s email and we will send you a reset link.
        </p>
        <EmailField readOnly={sent} {...email} />
      </AuthForm>
    </AuthCard>
  );
}
