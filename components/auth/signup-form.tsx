'use client';

import { useSearchParams } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthForm, EmailField, keepSession, useTextInput } from '@/components/auth/auth-form';
import { NewPasswordFields, useNewPassword } from '@/components/auth/new-password-fields';
import { TextField } from '@/components/ui/text-field';
import { registerAccount } from '@/lib/api/auth';
import { dashboardPathFor, parseRole, withRole } from '@/lib/auth/role';

/** Sign up; the role comes from `?role=` and is sent as chosen. */
export function SignupForm() {
  const role = parseRole(useSearchParams()?.get('role'));
  const fullName = useTextInput();
  const email = useTextInput();
  const newPassword = useNewPassword();

  async function send() {
    const input = {
      fullName: fullName.value,
      email: email.value,
      password: newPassword.password.value,
      role,
    };
    const grant = await registerAccount(input);
    // Should the browser refuse to keep the session, the account exists already: the form shows the
    // storage error's own message, since "try again" would only hit the duplicate-email error.
    keepSession(grant, { email: email.value, name: fullName.value.trim() });
    return dashboardPathFor(role);
  }

  return (
    <AuthCard
      title={role === 'admin' ? 'Admin Signup' : 'User Signup'}
      footer={{ prompt: 'Already have an account?', href: withRole('/login', role), link: 'Log in' }}
    >
      <AuthForm kind="signup" check={() => newPassword.mismatch} send={send}>
        <TextField label="Full Name" name="fullName" autoComplete="name" required {...fullName} />
        <EmailField {...email} />
        <NewPasswordFields label="Password" state={newPassword} />
      </AuthForm>
    </AuthCard>
  );
}
