'use client';

import { useState } from 'react';
import { keepSession, useTextInput } from '@/features/accounts/ui/auth-form';
import { useNewPassword } from '@/features/accounts/ui/new-password-fields';
import { registerAccount, type InvitationDetails } from '@/features/accounts/client/auth-api';
import { dashboardPathFor, type Role } from '@/shared/auth/role';

/**
 * The sign-up form's fields and its `send`: the name, the email (the invitation's own when it was
 * made for one address: `boundEmail`), the new password twice. A server that mails a link first
 * (SIGNUP_DOMAINS) answers with a sentence, kept in `confirmationSent`; otherwise the session opens.
 */
export function useSignupForm({
  role,
  inviteToken,
  invited,
}: {
  role: Role;
  inviteToken: string;
  invited: InvitationDetails | null;
}) {
  const fullName = useTextInput();
  const email = useTextInput();
  const newPassword = useNewPassword();
  // An invitation made for one address admits only that one: shown, not typed.
  const boundEmail = invited?.email ?? null;
  const emailValue = boundEmail ?? email.value;
  const [confirmationSent, setConfirmationSent] = useState<string | null>(null);

  async function send() {
    const input = {
      fullName: fullName.value,
      email: emailValue,
      password: newPassword.password.value,
      role,
      ...(inviteToken ? { invite: inviteToken } : {}),
    };
    const grant = await registerAccount(input);
    if ('confirmationSent' in grant) {
      // SIGNUP_DOMAINS: no session until the mailed link is followed; the form gives way to the sentence.
      setConfirmationSent(grant.confirmationSent);
      return;
    }
    // Should the browser refuse to keep the session, the account exists already: the form shows the
    // storage error's own message, since "try again" would only hit the duplicate-email error.
    keepSession(grant, { email: emailValue, name: fullName.value.trim() });
    return dashboardPathFor(grant.role ?? role);
  }

  return { fullName, email, newPassword, boundEmail, confirmationSent, send };
}
