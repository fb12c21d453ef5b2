'use client';

import { IntentLink } from '@/shared/ui/intent-link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { AuthCard } from '@/features/accounts/ui/auth-card';
import { AuthForm } from '@/features/accounts/ui/auth-form';
import { NewPasswordFields, useNewPassword } from '@/features/accounts/ui/new-password-fields';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { TEXT_LINK } from '@/shared/ui/styles';
import { submitNewPassword } from '@/features/accounts/client/auth-api';
import { withRole } from '@/shared/auth/role';

const TITLE = 'Set a New Password';
const SUCCESS_MESSAGE = 'Password reset successful! Please log in.';

/** Reset password: the token comes from the emailed link's query string. */
export function ResetPasswordForm() {
  const router = useRouter();
  const token = useSearchParams()?.get('token') ?? '';
  const newPassword = useNewPassword();
  const [done, setDone] = useState(false);

  // Without a token the server can only refuse, so say so before the user types a new password.
  if (token === '') {
    return (
      <AuthCard title={TITLE}>
        <div className="space-y-4">
          <FormAlert tone="error">This reset link is incomplete. Request a new one.</FormAlert>
          <p className="text-center text-sm">
            <IntentLink href="/forgot-password" className={TEXT_LINK}>
              Request a new reset link
            </IntentLink>
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
          {/* Buttons, one per role, each opening the login screen for that role. */}
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

  async function send() {
    await submitNewPassword({ token, password: newPassword.password.value });
    setDone(true);
  }

  return (
    <AuthCard
      title={TITLE}
      footer={{ prompt: 'Link not working?', href: '/forgot-password', link: 'Request a new one' }}
    >
      <AuthForm kind="resetPassword" check={() => newPassword.mismatch} send={send}>
        <NewPasswordFields label="New Password" state={newPassword} />
      </AuthForm>
    </AuthCard>
  );
}
