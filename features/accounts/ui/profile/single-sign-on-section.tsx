'use client';

import { KeyRound, Link2 } from 'lucide-react';
import { useSearchParams } from 'next/navigation';
import { Suspense, useEffect, useRef, useState } from 'react';
import { LoadError } from '@/shared/ui/load-error';
import { SettingsSection } from '@/shared/ui/settings-section';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { getSingleSignOnLink, startSingleSignOnLink } from '@/features/accounts/client/auth-api';
import { describeFailure, FAILURE_WORDING } from '@/shared/http/failure-message';
import { ApiError, nullWhenRefused } from '@/shared/http/http';
import {
  isSsoLinkOutcome,
  SSO_LINK_PARAM,
  ssoLinkMessage,
  type SsoLinkOutcome,
} from '@/shared/auth/single-sign-on';
import { useServerValue } from '@/shared/hooks/use-server-value';

export const SINGLE_SIGN_ON_TITLE = 'Single Sign-On';
const LOAD_FAILED = 'Could not load your single sign-on settings.';

/** How a link that just came back from the provider ended (`?sso_link=…`), or null. */
function linkOutcomeOf(params: URLSearchParams | null): SsoLinkOutcome | null {
  const outcome = params?.get(SSO_LINK_PARAM) ?? null;
  return isSsoLinkOutcome(outcome) ? outcome : null;
}

/** Takes `sso_link` off the address, so that a reload or a shared link does not say it again. */
function forgetLinkOutcome() {
  const params = new URLSearchParams(window.location.search);
  if (!params.has(SSO_LINK_PARAM)) return;
  params.delete(SSO_LINK_PARAM);
  const rest = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${rest ? `?${rest}` : ''}`,
  );
}

/**
 * The profile's Single Sign-On block, in both areas, when the server has a provider set up
 * (docs/product.md#single-sign-on): linked, or a button that links it. A provider cannot open an
 * account by an email nobody proved, so this is how such an account (or one with another address at
 * the provider) gets its identity. Nothing is shown without a provider.
 */
export function SingleSignOnSection({ className }: { className?: string }) {
  // It reads the address's query: rendered in the browser only (the profile pages stay static).
  return (
    <Suspense fallback={null}>
      <LinkBlock className={className} />
    </Suspense>
  );
}

function LinkBlock({ className }: { className?: string }) {
  const { state, retry } = useServerValue(
    (signal) => nullWhenRefused(getSingleSignOnLink({ signal })),
    LOAD_FAILED,
  );
  const searchParams = useSearchParams();
  const [outcome, setOutcome] = useState(() => linkOutcomeOf(searchParams));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sectionRef = useRef<HTMLDivElement>(null);

  useEffect(forgetLinkOutcome, []);

  const name = state.status === 'ready' ? state.value?.provider?.name : undefined;
  useEffect(() => {
    // Back from the provider: the sentence is below the fold on a phone.
    if (outcome && name) sectionRef.current?.scrollIntoView({ block: 'center' });
  }, [outcome, name]);

  async function link() {
    if (busy) return;
    setBusy(true);
    setError(null);
    setOutcome(null);
    try {
      window.location.assign(await startSingleSignOnLink());
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.status === 401))
        setError(describeFailure(caught, FAILURE_WORDING.accountBlock));
      setBusy(false);
    }
  }

  if (state.status === 'loading') return null;
  if (state.status === 'error') {
    return (
      <SettingsSection title={SINGLE_SIGN_ON_TITLE} className={className}>
        <LoadError message={state.message} onRetry={retry} />
      </SettingsSection>
    );
  }
  const provider = state.value?.provider;
  if (!provider) return null;
  const linked = state.value?.linked === true;
  // Just linked: the sentence above the block says it already.
  const sayLinked = linked && outcome !== 'linked';

  return (
    <div ref={sectionRef} className={className}>
      <SettingsSection title={SINGLE_SIGN_ON_TITLE}>
        <div className="space-y-4">
          {outcome ? (
            <FormAlert tone={outcome === 'linked' ? 'success' : 'error'}>
              {ssoLinkMessage(outcome, provider.name)}
            </FormAlert>
          ) : null}
          {sayLinked ? (
            <p className="flex items-center gap-2 text-sm font-medium text-green-800">
              <Link2 aria-hidden="true" className="size-5" />
              Your account is linked to {provider.name}.
            </p>
          ) : linked ? null : (
            <>
              <p className="text-sm text-slate-700">
                Your account is not linked to {provider.name}. Link it to sign in with {provider.name} instead
                of your password.
              </p>
              {error ? <FormAlert tone="error">{error}</FormAlert> : null}
              <Button onClick={() => void link()} disabled={busy}>
                <KeyRound aria-hidden="true" className="size-4" />
                {busy ? `Opening ${provider.name}...` : `Link ${provider.name}`}
              </Button>
            </>
          )}
        </div>
      </SettingsSection>
    </div>
  );
}
