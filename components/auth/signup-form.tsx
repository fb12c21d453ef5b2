'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthForm, keepSession } from '@/components/auth/auth-form';
import { NewPasswordFields, useNewPassword } from '@/components/auth/new-password-fields';
import { TEXT_LINK } from '@/components/ui/styles';
import { TextField } from '@/components/ui/text-field';
import { registerAccount } from '@/lib/api/auth';
import { FAILURE_WORDING } from '@/lib/api/failure-message';
import { dashboardPathFor, parseRole, withRole } from '@/lib/auth/role';

/** Sign up; the role comes from `?role=` and is sent as chosen. */
export function SignupForm() {
  const role = parseRole(useSearchParams()?.get('role'));
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const newPassword = useNewPassword();

  async function send() {
    const grant = await registerAccount({ fullName, email, password: newPassword.password, role });
    // If this throws, the account exists already: "try again" would only hit the duplicate-email error,
    // so the storage error's own message is what the form shows.
    keepSession(grant, { email, name: fullName.trim() });
    return dashboardPathFor(role);
  }

  return (
    <AuthCard
      title={role === 'admin' ? 'Admin Signup' : 'User Signup'}
      footer={
        <>
          Already have an account?{' '}
          <Link href={withRole('/login', role)} className={TEXT_LINK}>
            Log in
          </Link>
        </>
      }
    >
      <AuthForm
        wording={FAILURE_WORDING.signup}
        check={() => newPassword.mismatch}
        send={send}
        submitLabel="Sign Up"
        busyLabel="Signing Up..."
      >
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
        <NewPasswordFields label="Password" state={newPassword} />
      </AuthForm>
    </AuthCard>
  );
}
