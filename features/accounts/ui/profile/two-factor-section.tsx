'use client';

import { LoadError, LoadingLine } from '@/shared/ui/load-error';
import { SettingsSection } from '@/shared/ui/settings-section';
import { OffNotice, OnNotice, SetupForm, TurnOffForm } from './two-factor-parts';
import { RecoveryCodes } from './two-factor-recovery-codes';
import { useTwoFactor } from './use-two-factor';

export const TWO_FACTOR_TITLE = 'Two-Factor Authentication';

/** The block's content for where it is: loading, failed, the recovery codes, the set-up, on or off. */
function TwoFactorBody({
  twoFactor,
  onFinished,
}: {
  twoFactor: ReturnType<typeof useTwoFactor>;
  onFinished?: () => void;
}) {
  const { state, stage, code, setCode, busy, error, submitCode } = twoFactor;
  const form = { code, onCodeChange: setCode, busy, error };
  if (state.status === 'loading') return <LoadingLine>Loading two-factor settings…</LoadingLine>;
  if (state.status === 'error') return <LoadError message={state.message} onRetry={twoFactor.retry} />;
  if (stage.name === 'codes') {
    return (
      <RecoveryCodes
        codes={stage.codes}
        onDone={() => {
          twoFactor.closeCodes();
          onFinished?.();
        }}
      />
    );
  }
  if (stage.name === 'setup') {
    return (
      <SetupForm
        {...form}
        setup={stage.setup}
        onSubmit={(event) => submitCode(event, 'on')}
        onCancel={twoFactor.cancelSetup}
      />
    );
  }
  if (state.value?.enabled) {
    return (
      <OnNotice required={state.value.required}>
        <TurnOffForm {...form} onSubmit={(event) => submitCode(event, 'off')} />
      </OnNotice>
    );
  }
  return <OffNotice error={error} busy={busy} onStart={twoFactor.startSetup} />;
}

/**
 * The profile's two-factor block, in both areas (docs/product.md#two-factor-sign-in): off, a button
 * starts the set-up (QR code, the secret as text, a first code turns it on); then the ten recovery
 * codes, shown once; on, a code turns it off. Turning it on or off ends the account's other sessions:
 * the fresh token the server returns keeps this one.
 */
export function TwoFactorSection({
  className,
  onFinished,
}: {
  className?: string;
  /** Called once the recovery codes have been seen (`Done`). */
  onFinished?: () => void;
}) {
  const twoFactor = useTwoFactor();
  // No account behind the token (refused): nothing to set up here.
  if (twoFactor.state.status === 'ready' && twoFactor.state.value === null) return null;
  return (
    <SettingsSection title={TWO_FACTOR_TITLE} className={className}>
      <TwoFactorBody twoFactor={twoFactor} onFinished={onFinished} />
    </SettingsSection>
  );
}
