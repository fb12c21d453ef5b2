'use client';

import { useState } from 'react';
import { keepSession, useTextInput } from '@/features/accounts/ui/auth-form';
import { logIn, type SessionGrant } from '@/features/accounts/client/auth-api';
import { ApiError } from '@/shared/http/http';
import { dashboardPathFor, parseRole, type Role } from '@/shared/auth/role';

/** The name shown when none is known. Our server always returns one. */
const FALLBACK_NAME = 'User';

/**
 * The login form's fields and its two steps: `send` the password (an account waiting for its mailed
 * link sets `waitingEmail`; one with two-factor on sets `challenge`), then the code's answer goes
 * through `enter`. Either resolves to the dashboard of the role the server returns, or to `returnTo`.
 */
export function useLoginForm(role: Role, returnTo: string | null = null) {
  const email = useTextInput();
  const password = useTextInput();
  const [attempted, setAttempted] = useState(false);
  const [waitingEmail, setWaitingEmail] = useState<string | null>(null);
  // Two-factor on: the password was right, and the server waits for a code with this challenge.
  const [challenge, setChallenge] = useState<string | null>(null);

  function enter(grant: SessionGrant) {
    keepSession(grant, { email: email.value, name: FALLBACK_NAME });
    // A task key's link sent them here (shared/auth/return-path.ts): back to it.
    return returnTo ?? dashboardPathFor(parseRole(grant.role ?? grant.user?.role));
  }

  async function send() {
    setAttempted(true);
    setWaitingEmail(null);
    let answer;
    try {
      answer = await logIn({ email: email.value, password: password.value, role });
    } catch (caught) {
      // The account waits for its mailed link (SIGNUP_DOMAINS): the alert says so, and a new link is offered.
      if (caught instanceof ApiError && caught.code === 'EMAIL_NOT_CONFIRMED') setWaitingEmail(email.value);
      throw caught;
    }
    if ('twoFactorRequired' in answer) {
      setChallenge(answer.challenge);
      return;
    }
    return enter(answer);
  }

  return { email, password, attempted, waitingEmail, challenge, send, enter, back: () => setChallenge(null) };
}
