'use client';

import { IntentLink } from '@/shared/ui/intent-link';
import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { readReturnPath, RETURN_PARAM } from '@/shared/auth/return-path';
import { AuthCard } from '@/features/accounts/ui/auth-card';
import { AuthForm, EmailField, useTextInput } from '@/features/accounts/ui/auth-form';
import { SingleSignOnFailure } from '@/features/accounts/ui/single-sign-on-failure';
import { FormAlert } from '@/shared/ui/form-alert';
import { PasswordField } from '@/shared/ui/password-field';
import { TEXT_LINK } from '@/shared/ui/styles';
import { TextField } from '@/shared/ui/text-field';
import { logInWithCode } from '@/features/accounts/client/auth-api';
import { parseRole, withRole } from '@/shared/auth/role';
import type { SingleSignOnSettings } from '@/shared/auth/single-sign-on';
import { SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_REASON } from '@/shared/session/session-expiry';
import { cn } from '@/shared/cn';
import { useLoginForm } from './use-login-form';

// Loaded when shown: a new confirmation link after a login refused for an unconfirmed address, and
// the provider's button (single sign-on set up, /sso/login). /login's first load carries neither.
const ResendConfirmation = dynamic(() =>
  import('@/features/accounts/ui/confirm-email-form').then((module) => module.ResendConfirmation),
);
const SingleSignOnChoice = dynamic(() =>
  import('@/features/accounts/ui/single-sign-on').then((module) => module.SingleSignOnChoice),
);

/** `?password=1`: the password form, when OIDC_ONLY hides it (for the break-glass admin). */
export const PASSWORD_PARAM = 'password';

/**
 * Log in. The redirect follows the role the server returns, not the one in the URL. With single sign-on
 * set up (`sso`), the provider's button is offered below the form, or instead of it with OIDC_ONLY.
 */
export function LoginForm({ sso = null }: { sso?: SingleSignOnSettings | null }) {
  const searchParams = useSearchParams();
  const role = parseRole(searchParams?.get('role'));
  const passwordShown = !sso?.only || searchParams?.get(PASSWORD_PARAM) === '1';
  const sessionExpired = searchParams?.get('reason') === SESSION_EXPIRED_REASON;
  const { email, password, attempted, waitingEmail, challenge, send, enter, back } = useLoginForm(
    role,
    readReturnPath(searchParams?.get(RETURN_PARAM)),
  );

  if (challenge !== null) {
    return (
      <TwoFactorStepForm
        title={role === 'admin' ? 'Admin Login' : 'User Login'}
        send={async (code) => enter(await logInWithCode({ challenge, code }))}
        onBack={back}
      />
    );
  }

  return (
    <AuthCard
      title={role === 'admin' ? 'Admin Login' : 'User Login'}
      footer={{ prompt: "Don't have an account?", href: withRole('/signup', role), link: 'Sign up' }}
    >
      <div className="space-y-4">
        <SingleSignOnFailure settings={sso} />
        {passwordShown ? (
          <AuthForm
            kind="login"
            send={send}
            notice={
              // Explains why they are here after a 401; once they try again, the outcome matters more.
              sessionExpired && !attempted ? (
                <FormAlert tone="info">{SESSION_EXPIRED_MESSAGE}</FormAlert>
              ) : null
            }
          >
            <EmailField {...email} />
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              required
              {...password}
            />
            <div className="flex justify-end">
              <IntentLink href={withRole('/forgot-password', role)} className={cn(TEXT_LINK, 'text-sm')}>
                Forgot Password?
              </IntentLink>
            </div>
          </AuthForm>
        ) : null}
        {waitingEmail ? <ResendConfirmation key={waitingEmail} email={waitingEmail} /> : null}
        {sso ? <SingleSignOnChoice settings={sso} role={role} divider={passwordShown} /> : null}
        {sso && !passwordShown ? (
          <p className="text-center text-sm">
            <IntentLink href={withRole(`/login?${PASSWORD_PARAM}=1`, role)} className={TEXT_LINK}>
              Log in with a password instead
            </IntentLink>
          </p>
        ) : null}
      </div>
    </AuthCard>
  );
}

/**
 * Login's second step for an account with two-factor sign-in on (docs/product.md#two-factor-sign-in):
 * a field `Code` for the app's six digits or a recovery code; the session opens only after it.
 */
function TwoFactorStepForm({
  title,
  send,
  onBack,
}: {
  title: string;
  send: (code: string) => Promise<string | void>;
  onBack: () => void;
}) {
  const code = useTextInput();
  return (
    <AuthCard title={title}>
      <div className="space-y-4">
        <AuthForm
          kind="twoFactor"
          check={() => (code.value.trim() ? null : 'Please enter the code.')}
          send={() => send(code.value.trim())}
          notice={
            <p className="text-sm text-slate-600">
              Two-factor authentication is on for this account. Enter the 6-digit code from your authenticator
              app, or one of your recovery codes.
            </p>
          }
        >
          <TextField
            label="Code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
            {...code}
          />
        </AuthForm>
        <p className="text-center text-sm">
          <button type="button" className={TEXT_LINK} onClick={onBack}>
            Back to password
          </button>
        </p>
      </div>
    </AuthCard>
  );
}
