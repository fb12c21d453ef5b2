'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { afterLoadWhenIdle } from '@/shared/hooks/after-load-idle';

const UpdateToast = dynamic(() => import('./update-toast').then((module) => module.UpdateToast), {
  ssr: false,
});

/**
 * Registers the service worker once the page has loaded and the main thread is idle (production
 * builds only: `next dev` has no /sw.js), so its install never competes with the page's hydration;
 * the registration's code is fetched then too. Shows the update prompt, loaded on demand, when a new
 * version is waiting.
 */
export function ServiceWorkerRegistrar() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    return afterLoadWhenIdle(() => {
      import('@/shell/pwa/register')
        .then(({ registerServiceWorker }) => registerServiceWorker(setWaiting))
        .catch((error: unknown) => {
          console.warn('Service worker registration failed', error);
        });
    });
  }, []);
  return waiting ? <UpdateToast waiting={waiting} /> : null;
}
