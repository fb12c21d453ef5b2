'use client';

import { ShieldCheck } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { TextField } from '@/shared/ui/text-field';
import type { TwoFactorSetup } from '@/features/accounts/client/auth-api';

/** What a form asking for a code needs: the code being typed, the request's state, the submit. */
export interface CodeFormProps {
  code: string;
  onCodeChange: (code: string) => void;
  error: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The one-time code: six digits from the app (`numeric`), or a recovery code too. */
function CodeField({
  code,
  onCodeChange,
  inputMode,
  hint,
}: Pick<CodeFormProps, 'code' | 'onCodeChange'> & { inputMode?: 'numeric'; hint?: string }) {
  return (
    <TextField
      label="Code"
      name="code"
      autoComplete="one-time-code"
      inputMode={inputMode}
      hint={hint}
      value={code}
      onChange={(event) => onCodeChange(event.target.value)}
    />
  );
}

function FormError({ error }: { error: string | null }) {
  return error ? <FormAlert tone="error">{error}</FormAlert> : null;
}

/** The set-up: the QR code and the secret as text, then the first code turns two-factor on. */
export function SetupForm({
  setup,
  code,
  onCodeChange,
  error,
  busy,
  onSubmit,
  onCancel,
}: CodeFormProps & { setup: TwoFactorSetup; onCancel: () => void }) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
      <p className="text-sm text-slate-700">
        Scan this QR code with your authenticator app, then enter the 6-digit code it shows.
      </p>
      {/* A white frame: the code must stay dark on light to scan, in the dark theme too. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made by the server */}
      <img
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        width={176}
        height={176}
        className="size-44 rounded-lg border border-slate-200 bg-white p-2"
      />
      <div className="space-y-1">
        <p className="text-sm text-slate-700">Or enter this key in your app:</p>
        <p>
          <code
            data-testid="two-factor-secret"
            className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900"
          >
            {setup.secret}
          </code>
        </p>
      </div>
      <FormError error={error} />
      <CodeField code={code} onCodeChange={onCodeChange} inputMode="numeric" />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? 'Turning on...' : 'Turn on'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** On: a code from the app, or a recovery code, turns it off. */
export function TurnOffForm({ code, onCodeChange, error, busy, onSubmit }: CodeFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
      <FormError error={error} />
      <CodeField
        code={code}
        onCodeChange={onCodeChange}
        hint="A code from your authenticator app, or a recovery code, to turn it off."
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Turning off...' : 'Turn off'}
      </Button>
    </form>
  );
}

/** On: says so, then the way to turn it off (`children`) unless the server requires it of admins. */
export function OnNotice({ required, children }: { required: boolean; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 text-sm font-medium text-green-800">
        <ShieldCheck aria-hidden="true" className="size-5" />
        Two-factor authentication is on.
      </p>
      {required ? (
        <p className="text-sm text-slate-700">It is required for admins on this server.</p>
      ) : (
        children
      )}
    </div>
  );
}

/** Off: what it would do, and the button that starts the set-up. */
export function OffNotice({
  error,
  busy,
  onStart,
}: {
  error: string | null;
  busy: boolean;
  onStart: () => void;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Two-factor authentication is off. With it on, logging in with your password also asks for a code from
        an authenticator app on your phone.
      </p>
      <FormError error={error} />
      <Button disabled={busy} onClick={onStart}>
        <ShieldCheck aria-hidden="true" className="size-4" />
        Set up two-factor authentication
      </Button>
    </div>
  );
}
