'use client';

import { useState } from 'react';
import { activateUpdate } from '@/shell/pwa/register';
import { UpdateToastView } from './update-toast-view';

/** Loaded only when a new version is waiting: Reload hands over to it and reloads the page once. */
export function UpdateToast({ waiting }: { waiting: ServiceWorker }) {
  const [busy, setBusy] = useState(false);
  return (
    <UpdateToastView
      buttonProps={{
        disabled: busy,
        onClick: () => {
          setBusy(true);
          activateUpdate(waiting);
        },
      }}
    />
  );
}
