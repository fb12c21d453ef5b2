'use client';

import { FormAlert } from '@/shared/ui/form-alert';
import { useOnline } from '@/shared/hooks/use-online';

/** Says, while the browser is offline, that what this screen does needs a connection. */
export function OfflineNotice({ text, className }: { text: string; className?: string }) {
  const online = useOnline();
  return online ? null : (
    <FormAlert tone="info" className={className}>
      {text}
    </FormAlert>
  );
}
