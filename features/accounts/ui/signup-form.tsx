'use client';

import { IntentLink } from '@/shared/ui/intent-link';
import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { AuthCard } from '@/features/accounts/ui/auth-card';
import { AuthForm, EmailField } from '@/features/accounts/ui/auth-form';
import { NewPasswordFields } from '@/features/accounts/ui/new-password-fields';
import { FormAlert } from '@/shared/ui/form-alert';
import { TEXT_LINK } from '@/shared/ui/styles';
import { TextField } from '@/shared/ui/text-field';
import { lookUpInvitation, type InvitationDetails } from '@/features/accounts/client/auth-api';
import { FAILURE_WORDING, describeFailure } from '@/shared/http/failure-message';
import { serverMessageOf } from '@/shared/http/http';
import { formatRole } from '@/shared/auth/role';
import { parseRole, withRole, type Role } from '@/shared/auth/role';
import type { SingleSignOnSettings } from '@/shared/auth/single-sign-on';
import { useSignupForm } from './use-signup-form';

// Only with single sign-on set up (/sso/signup): loaded then, so /signup's first load carries none of it.
const SingleSignOnChoice = dynamic(() =>
  import('@/features/accounts/ui/single-sign-on').then((module) => module.SingleSignOnChoice),
);

type Invitation =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'ready'; details: InvitationDetails }
  /** The server refused the link (used, revoked, expired, unknown): there is nothing to sign up with. */
  | { status: 'dead'; message: string }
  /** The check failed (offline, timeout): the form stays, the server checks the link again on sign-up. */
  | { status: 'unchecked'; message: string };

/**
 * An invitation link's details (`?invite=`), looked up once per token; without one there is nothing
 * to do. The answer is kept with its token, so following a link to the plain sign-up forgets it.
 */
function useInvitation(token: string): Invitation {
  const [answer, setAnswer] = useState<{ token: string; invitation: Invitation } | null>(null);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const settle = (invitation: Invitation) => setAnswer({ token, invitation });
    lookUpInvitation(token, { signal: controller.signal }).then(
      (details) => settle({ status: 'ready', details }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const reason = serverMessageOf(error);
        settle(
          reason
            ? { status: 'dead', message: reason }
            : { status: 'unchecked', message: describeFailure(error, FAILURE_WORDING.invitation) },
        );
      },
    );
    return () => controller.abort();
  }, [token]);
  if (!token) return { status: 'none' };
  return answer?.token === token ? answer.invitation : { status: 'checking' };
}

function InvitationNotice({ invitation }: { invitation: Invitation }) {
  switch (invitation.status) {
    case 'none':
      return null;
    case 'checking':
      return <FormAlert tone="info">Checking your invitation…</FormAlert>;
    case 'dead':
    case 'unchecked':
      return <FormAlert tone="error">{invitation.message}</FormAlert>;
    case 'ready': {
      const { role, email } = invitation.details;
      return (
        <FormAlert tone="info">
          You are invited to join as {formatRole(role)}
          {email ? ` with ${email}` : ''}.
        </FormAlert>
      );
    }
  }
}

/**
 * Sign up; the role comes from `?role=` and is sent as chosen. Opened from an invitation link
 * (`?invite=`), the invitation's role and email are filled in and the token is sent with the form.
 * With single sign-on set up (`sso`), the provider's button follows the form (and carries the
 * invitation); with OIDC_ONLY it replaces the form.
 */
export function SignupForm({ sso = null }: { sso?: SingleSignOnSettings | null }) {
  const searchParams = useSearchParams();
  const inviteToken = searchParams?.get('invite') ?? '';
  const invitation = useInvitation(inviteToken);
  const invited = invitation.status === 'ready' ? invitation.details : null;
  const role: Role = invited?.role ?? parseRole(searchParams?.get('role'));
  const { fullName, email, newPassword, boundEmail, confirmationSent, send } = useSignupForm({
    role,
    inviteToken,
    invited,
  });

  const title = role === 'admin' ? 'Admin Signup' : 'User Signup';
  const footer = { prompt: 'Already have an account?', href: withRole('/login', role), link: 'Log in' };

  if (confirmationSent) {
    return (
      <AuthCard title={title} footer={footer}>
        <FormAlert tone="success">{confirmationSent}</FormAlert>
      </AuthCard>
    );
  }

  // A dead link: say why before anything is typed, and offer the plain sign-up (the server's mode decides).
  if (invitation.status === 'dead') {
    return (
      <AuthCard title={title} footer={footer}>
        <div className="space-y-4">
          <InvitationNotice invitation={invitation} />
          <p className="text-center text-sm">
            <IntentLink href={withRole('/signup', role)} className={TEXT_LINK}>
              Sign up without an invitation
            </IntentLink>
          </p>
        </div>
      </AuthCard>
    );
  }

  const provider = sso ? { settings: sso, role, invite: inviteToken || undefined } : null;

  if (provider && sso?.only) {
    return (
      <AuthCard title={title} footer={footer}>
        <div className="space-y-4">
          <InvitationNotice invitation={invitation} />
          <SingleSignOnChoice {...provider} divider={false} />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} footer={footer}>
      <div className="space-y-4">
        <AuthForm
          kind="signup"
          check={() => newPassword.mismatch}
          send={send}
          notice={<InvitationNotice invitation={invitation} />}
        >
          <TextField label="Full Name" name="fullName" autoComplete="name" required {...fullName} />
          {boundEmail ? (
            <EmailField value={boundEmail} readOnly hint="This invitation is for this email." />
          ) : (
            <EmailField {...email} />
          )}
          <NewPasswordFields label="Password" state={newPassword} />
        </AuthForm>
        {provider ? <SingleSignOnChoice {...provider} divider /> : null}
      </div>
    </AuthCard>
  );
}
